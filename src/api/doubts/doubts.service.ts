import type { Kysely } from 'kysely';
import { paths } from '../../contracts/paths.js';
import type { Config } from '../config/env.js';
import { nowIso } from '../db/clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { doubtAnsweredMail } from '../mail/mail-templates.js';
import { enqueueMail } from '../mail/outbox.repository.js';
import { sessionExists } from '../courses/courses.repository.js';
import * as doubts from './doubts.repository.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  mailQueued: () => void;
}

export function createDoubtsService({ db, config, mailQueued }: Deps) {
  async function found(id: number): Promise<doubts.DoubtRow> {
    const doubt = await doubts.findDoubt(db, id);
    if (!doubt) throw new Error('doubt vanished after it was written');
    return doubt;
  }

  return {
    /** A student's doubt, about one session or about none. */
    async ask(studentId: number, question: string, sessionId: number | null): Promise<doubts.DoubtRow> {
      if (sessionId !== null && !(await sessionExists(db, sessionId)))
        throw new AppError('validation', 'No such session.');
      const id = await doubts.insertDoubt(db, { student_id: studentId, session_id: sessionId, question });
      return found(id);
    },

    mine: (studentId: number) => doubts.listStudentDoubts(db, studentId),

    all: () => doubts.listAllDoubts(db),

    /** Saves the answer and emails it to the student, together. */
    async answer(id: number, answer: string): Promise<doubts.DoubtRow> {
      const doubt = await doubts.findDoubt(db, id);
      if (!doubt) throw new AppError('notFound', 'No such doubt.');
      await db.transaction().execute(async (trx) => {
        await doubts.saveAnswer(trx, doubt.id, answer, nowIso());
        await enqueueMail(
          trx,
          doubtAnsweredMail(
            doubt.email,
            doubt.first_name,
            doubt.question,
            answer,
            `${config.appUrl}${paths.dashboard}/mydoubts`,
          ),
        );
      });
      mailQueued();
      return found(doubt.id);
    },
  };
}

export type DoubtsService = ReturnType<typeof createDoubtsService>;

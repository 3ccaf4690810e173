import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { dashboardPaths, paths } from '../../contracts/paths.js';
import type { Config } from '../config/env.js';
import { transact } from '../db/after-commit.js';
import { nowIso } from '../db/clock.js';
import type { Database, StudentRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { doubtAnsweredMail, doubtAskedMail } from '../mail/mail-templates.js';
import { type NotificationsService, personName, teacherLinks } from '../notifications/notifications.service.js';
import { sessionExists } from '../courses/courses.repository.js';
import * as doubts from './doubts.repository.js';
import {
  type AdminDoubtPage,
  type DoubtCursor,
  type DoubtStep,
  doubtCursorText,
  doubtMessages,
} from '../../contracts/doubts.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  notifications: NotificationsService;
  /** The time now (the app's clock). */
  clock?: Clock;
}

const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

export function createDoubtsService({ db, config, notifications, clock = systemClock }: Deps) {
  async function found(id: number): Promise<doubts.DoubtRow> {
    const doubt = await doubts.findDoubt(db, id);
    if (!doubt) throw new Error('doubt vanished after it was written');
    return doubt;
  }

  return {
    /** A student's doubt, about one session or about none. */
    async ask(
      student: StudentRow,
      question: string,
      sessionId: number | null,
      trace: DoubtStep | null = null,
    ): Promise<doubts.DoubtRow> {
      if (sessionId !== null && !(await sessionExists(db, sessionId)))
        throw new AppError('validation', 'No such session.');
      const name = personName(student);
      const id = await transact(db, async (trx) => {
        const id = await doubts.insertDoubt(trx, { student_id: student.id, session_id: sessionId, question, trace });
        await notifications.notify(
          trx,
          await notifications.teachers(trx),
          'doubt_asked',
          { title: `${name} asked a doubt`, body: excerpt(question), link: teacherLinks.doubts, subjectId: id },
          (t) => doubtAskedMail(t.email, name, question, `${config.appUrl}${teacherLinks.doubts}`),
        );
        return id;
      });
      return found(id);
    },

    mine: (studentId: number) => doubts.listStudentDoubts(db, studentId),

    /** A page of the teacher's list (waiting first), with where the next one starts and the whole list's counts. */
    async page(after: DoubtCursor | undefined, limit: number): Promise<AdminDoubtPage> {
      // One more than the page holds says whether another page follows.
      const [rows, counts] = await Promise.all([doubts.pageAllDoubts(db, after, limit + 1), doubts.countDoubts(db)]);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const hasMore = rows.length > limit && last !== undefined;
      return {
        items,
        has_more: hasMore,
        next: hasMore ? doubtCursorText({ answered: last.answered_at !== null, id: last.id }) : null,
        ...counts,
      };
    },

    /** The run a doubt was asked about, for the teacher to open at the student's step. */
    async run(id: number): Promise<DoubtStep> {
      const found = await doubts.findRun(db, id);
      if (!found) throw new AppError('notFound', doubtMessages.noSuchDoubt);
      if (!found.run) throw new AppError('notFound', doubtMessages.noRun);
      return found.run;
    },

    /** Saves the answer and emails it to the student, together. */
    async answer(id: number, answer: string): Promise<doubts.DoubtRow> {
      const doubt = await doubts.findDoubt(db, id);
      if (!doubt) throw new AppError('notFound', doubtMessages.noSuchDoubt);
      const link = `${paths.dashboard}/${dashboardPaths.myDoubts}`;
      await transact(db, async (trx) => {
        await doubts.saveAnswer(trx, doubt.id, answer, nowIso(clock()));
        await notifications.notify(
          trx,
          [{ id: doubt.student_id, email: doubt.email, first_name: doubt.first_name }],
          'doubt_answered',
          { title: 'Your doubt is answered', body: excerpt(doubt.question), link, subjectId: doubt.id },
          (s) => doubtAnsweredMail(s.email, s.first_name, doubt.question, answer, `${config.appUrl}${link}`),
        );
      });
      return found(doubt.id);
    },
  };
}

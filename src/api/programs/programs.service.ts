import type { Kysely } from 'kysely';
import { contentMessages } from '../../contracts/course-content.js';
import { paths } from '../../contracts/paths.js';
import type { Config } from '../config/env.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import { newProgramMail } from '../mail/mail-templates.js';
import { enqueueMail } from '../mail/outbox.repository.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  mailQueued: () => void;
}

export function createProgramsService({ db, config, mailQueued }: Deps) {
  const myProgsUrl = `${config.appUrl}${paths.dashboard}/myprogs`;
  return {
    /** Gives a program to every student of a batch, all or nothing, and emails each of them. */
    async sendToBatch(programId: number, batch: number): Promise<{ sent: number }> {
      const sent = await db
        .transaction()
        .execute(async (trx) => {
          const program = await trx.selectFrom('programs').selectAll().where('id', '=', programId).executeTakeFirst();
          if (!program) throw new AppError('notFound', 'No such program.');
          const students = await trx
            .selectFrom('students')
            .select(['id', 'email', 'first_name'])
            .where('role', '=', 'student')
            .where('student_batch', '=', batch)
            .orderBy('id')
            .execute();
          if (students.length === 0) throw new AppError('validation', contentMessages.noStudentsInBatch);
          const already = await trx
            .selectFrom('student_programs')
            .select('id')
            .where('program_number', '=', program.program_number)
            .where(
              'student_id',
              'in',
              students.map((s) => s.id),
            )
            .limit(1)
            .executeTakeFirst();
          if (already) throw new AppError('conflict', contentMessages.programAlreadySent);
          await trx
            .insertInto('student_programs')
            .values(
              students.map((s) => ({
                student_id: s.id,
                program_number: program.program_number,
                task: program.task,
                solution: null,
                submitted_at: null,
              })),
            )
            .execute();
          for (const s of students)
            await enqueueMail(
              trx,
              newProgramMail(s.email, s.first_name, program.program_number, program.task, myProgsUrl),
            );
          return students.length;
        })
        .catch((error: unknown) => {
          // A send racing another send of the same program hits the unique (student, program) pair.
          if (isUniqueViolation(error)) throw new AppError('conflict', contentMessages.programAlreadySent);
          throw error;
        });
      mailQueued();
      return { sent };
    },

    /** The spec's one-student call: `POST /student_programs/`. */
    async sendToStudent(studentId: number, programNumber: number, task: string) {
      const student = await db
        .selectFrom('students')
        .select(['id', 'email', 'first_name'])
        .where('id', '=', studentId)
        .where('role', '=', 'student')
        .executeTakeFirst();
      if (!student) throw new AppError('notFound', 'No such student.');
      try {
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('student_programs')
            .values({ student_id: studentId, program_number: programNumber, task, solution: null, submitted_at: null })
            .returning(['id', 'student_id', 'program_number', 'task', 'solution', 'submitted_at'])
            .executeTakeFirstOrThrow();
          await enqueueMail(trx, newProgramMail(student.email, student.first_name, programNumber, task, myProgsUrl));
          return inserted;
        });
        mailQueued();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', contentMessages.programAlreadySent);
        throw error;
      }
    },
  };
}

export type ProgramsService = ReturnType<typeof createProgramsService>;

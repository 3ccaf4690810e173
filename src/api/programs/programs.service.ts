import type { Kysely } from 'kysely';
import {
  type AdminProgram,
  contentMessages,
  isLate,
  type Program,
  type ProgramSubmission,
  solutionMessages,
  type MyProgram,
  type StudentProgram,
} from '../../contracts/course-content.js';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { dashboardPaths, paths } from '../../contracts/paths.js';
import type { Config } from '../config/env.js';
import { transact } from '../db/after-commit.js';
import { nowIso } from '../db/clock.js';
import { dayAfter, zonedDate, zonedInstant } from '../schedule/zoned-time.js';
import type { Database, StudentRow } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import { newProgramMail, submissionMail } from '../mail/mail-templates.js';
import {
  type NotificationsService,
  personName,
  submissionNotice,
  teacherLinks,
} from '../notifications/notifications.service.js';
import * as programs from './programs.repository.js';
import { messages } from '../../contracts/messages.js';
import { announcedTask, visibleTask, windowsOfStudent } from '../timed-work/timed-window.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  /** The time now (tests pass their own), for deadlines. */
  clock?: Clock;
  /** The course time zone setting: a due date is a day on its calendar. */
  timeZone: () => Promise<string>;
  notifications: NotificationsService;
}

/** A row as the API shows it: late when handed in after the deadline. */
function withLate<T extends Omit<StudentProgram, 'late'>>(row: T): T & StudentProgram {
  return { ...row, late: isLate(row.due_at, row.submitted_at) };
}

const workspacePath = (studentProgramId: number) => `${paths.dashboard}/${dashboardPaths.myProgs}/${studentProgramId}`;
const programNotice = (programNumber: number, task: string) => ({
  title: `Program ${programNumber} is sent to you`,
  body: task.length > 200 ? `${task.slice(0, 199)}…` : task,
  link: null,
});

const withClosed = ({
  closed_at,
  ...row
}: Program & { closed_at: string | null; topic: string | null }): AdminProgram => ({
  ...row,
  closed: closed_at !== null,
});

export function createProgramsService({ db, config, notifications, clock = systemClock, timeZone }: Deps) {
  /** The end of `dueDate` on the course calendar, refused when that day is before today there. */
  async function deadline(dueDate: string | undefined): Promise<string | null> {
    if (dueDate === undefined) return null;
    const zone = await timeZone();
    const now = clock();
    if (dueDate < zonedDate(now, zone)) throw new AppError('validation', contentMessages.dueDatePassed);
    return new Date(Date.parse(zonedInstant(dayAfter(dueDate), '00:00', zone)) - 1).toISOString();
  }

  const myProgsUrl = `${config.appUrl}${paths.dashboard}/myprogs`;
  return {
    async list(): Promise<AdminProgram[]> {
      return (await programs.listPrograms(db)).map(withClosed);
    },

    async add(input: { program_number: number; task: string }): Promise<Program> {
      try {
        return await programs.insertProgram(db, input);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', contentMessages.programNumberTaken);
        throw error;
      }
    },

    async remove(id: number): Promise<void> {
      if (!(await programs.deleteProgram(db, id))) throw new AppError('notFound', 'No such program.');
    },

    /** Closed, solutions can no longer be changed; reopened, they can again. */
    async setClosed(id: number, closed: boolean): Promise<AdminProgram> {
      const result = await programs.setProgramClosed(db, id, closed ? nowIso(clock()) : null);
      if (!result) throw new AppError('notFound', 'No such program.');
      return withClosed(result);
    },

    /** Gives a program to every student of a batch, all or nothing, and emails each of them. */
    async sendToBatch(programId: number, batch: number, dueDate?: string): Promise<{ sent: number }> {
      // Read before the transaction: on SQLite the transaction holds the one connection.
      const dueAt = await deadline(dueDate);
      const zone = await timeZone();
      const sent = await transact(db, async (trx) => {
        const program = await programs.findProgram(trx, programId);
        if (!program) throw new AppError('notFound', 'No such program.');
        // A timed program sent before it opens is announced without its task.
        const told = await announcedTask(trx, program, batch, clock(), zone);
        const students = await programs.listStudentsOfBatch(trx, batch);
        if (students.length === 0) throw new AppError('validation', contentMessages.noStudentsInBatch);
        if (
          await programs.anyHasProgram(
            trx,
            program.program_number,
            students.map((s) => s.id),
          )
        )
          throw new AppError('conflict', contentMessages.programAlreadySent);
        const inserted = await programs.insertStudentPrograms(
          trx,
          students.map((s) => ({
            student_id: s.id,
            program_number: program.program_number,
            task: program.task,
            due_at: dueAt,
          })),
        );
        const copyOf = new Map(inserted.map((row) => [row.student_id, row.id]));
        await notifications.notify(
          trx,
          students.map((s) => ({ ...s, link: workspacePath(copyOf.get(s.id)!), subjectId: copyOf.get(s.id)! })),
          'program_sent',
          programNotice(program.program_number, told),
          (s) => newProgramMail(s.email, s.first_name, program.program_number, told, myProgsUrl),
        );
        return students.length;
      }).catch((error: unknown) => {
        // A send racing another send of the same program hits the unique (student, program) pair.
        if (isUniqueViolation(error)) throw new AppError('conflict', contentMessages.programAlreadySent);
        throw error;
      });
      return { sent };
    },

    /** The original client's one-student call: `POST /student_programs/`. */
    async sendToStudent(studentId: number, programNumber: number, task: string): Promise<StudentProgram> {
      const student = await programs.findStudentAccount(db, studentId);
      if (!student) throw new AppError('notFound', messages.noSuchStudent);
      const zone = await timeZone();
      try {
        const row = await transact(db, async (trx) => {
          // A program timed for the student's batch and not open yet is announced without its task.
          const told = await announcedTask(
            trx,
            { program_number: programNumber, task },
            student.student_batch,
            clock(),
            zone,
          );
          const inserted = await programs.insertStudentProgram(trx, {
            student_id: studentId,
            program_number: programNumber,
            task,
          });
          await notifications.notify(
            trx,
            [{ ...student, link: workspacePath(inserted.id), subjectId: inserted.id }],
            'program_sent',
            programNotice(programNumber, told),
            (s) => newProgramMail(s.email, s.first_name, programNumber, told, myProgsUrl),
          );
          return inserted;
        });
        return withLate(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', contentMessages.programAlreadySent);
        throw error;
      }
    },

    /** A student's programs, for the student or the admin. */
    async studentPrograms(caller: StudentRow, studentId: number): Promise<MyProgram[]> {
      if (caller.role !== 'admin' && caller.id !== studentId) throw new AppError('forbidden');
      const windows = await windowsOfStudent(db, studentId);
      const now = clock();
      return (await programs.listStudentPrograms(db, studentId)).map(({ grade_score, grade_total, ...row }) => {
        const timing = windows.get(row.id);
        return {
          ...withLate(row),
          grade: grade_score === null || grade_total === null ? null : { score: grade_score, total: grade_total },
          // The teacher reads the task; the student only once the program opens.
          task: caller.role === 'admin' ? row.task : visibleTask(row.task, timing, now),
          opens_at: timing?.opens_at ?? null,
          closes_at: timing?.closes_at ?? null,
        };
      });
    },

    /**
     * The student submits (and may resubmit until the admin closes the program) a solution to one of their
     * programs. `readSolution` reads it from the request only once the program is known to be theirs and open.
     */
    async submitSolution(
      student: StudentRow,
      studentProgramId: number,
      readSolution: () => Promise<string>,
    ): Promise<StudentProgram> {
      const row = await programs.findStudentProgramState(db, studentProgramId);
      if (!row || row.student_id !== student.id) throw new AppError('notFound', 'No such program of yours.');
      if (row.closed_at) throw new AppError('conflict', solutionMessages.closed);
      const solution = await readSolution();
      const saved = await transact(db, async (trx) => {
        const saved = await programs.saveSolution(trx, row.id, solution, nowIso(clock()));
        await notifications.notify(
          trx,
          await notifications.teachers(trx),
          'submission',
          submissionNotice(student, saved.program_number, saved.id, 'Solution submitted.'),
          (t) =>
            submissionMail(
              t.email,
              personName(student),
              `${personName(student)} submitted a solution to Program ${saved.program_number}.`,
              `${config.appUrl}${teacherLinks.studentWork(student.id)}`,
            ),
        );
        return saved;
      });
      return withLate(saved);
    },

    /** Every student's solution to one program. */
    async submissions(programId: number): Promise<ProgramSubmission[]> {
      const program = await programs.findProgram(db, programId);
      if (!program) throw new AppError('notFound', 'No such program.');
      return (await programs.listProgramSubmissions(db, program.program_number)).map(withLate);
    },
  };
}

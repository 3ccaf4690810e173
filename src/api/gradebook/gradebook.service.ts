import type { Kysely } from 'kysely';
import {
  formatGradebookCell,
  type Gradebook,
  type GradebookCell,
  gradebookMessages,
  type StudentWork,
} from '../../contracts/gradebook.js';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { studentStatusLabels, studentStatusName } from '../../contracts/course.js';
import { countsForStudent, joinWindow } from '../../contracts/schedule.js';
import { toCsv } from '../admin/csv.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import * as gradebook from './gradebook.repository.js';
import { listBatchStudents } from '../students/students.repository.js';
import { messages } from '../../contracts/messages.js';
import { listedComment } from '../exercises/supervision/comment-anchor.js';

interface Deps {
  db: Kysely<Database>;
  /** The time now; tests pass their own clock, so that which classes have been held is theirs to decide. */
  clock?: Clock;
}

export function createGradebookService({ db, clock = systemClock }: Deps) {
  async function read(batch: number): Promise<Gradebook> {
    // Independent reads: on PostgreSQL they run side by side on the pool's connections.
    const [found, students, sessions] = await Promise.all([
      gradebook.findBatch(db, batch),
      listBatchStudents(db, batch, 'last_name'),
      gradebook.listBatchSessions(db, batch),
    ]);
    // Students placed in a batch always have its row; a number with neither is not a batch.
    if (!found && students.length === 0) throw new AppError('notFound', gradebookMessages.noBatch(batch));
    const now = clock().getTime();
    const held = sessions.filter((s) => joinWindow(s.starts_at, s.duration_minutes).closes <= now);
    if (students.length === 0) return { batch, programs: [], sessions_held: held.length, rows: [] };

    const [attended, cells, quizzes] = await Promise.all([
      held.length > 0
        ? gradebook.listAttended(
            db,
            held.map((s) => s.id),
          )
        : [],
      gradebook.listProgramCells(db, batch),
      gradebook.listBestQuizzes(db, batch),
    ]);
    const attendedBy = new Map<number, Set<number>>();
    for (const a of attended)
      attendedBy.set(a.student_id, (attendedBy.get(a.student_id) ?? new Set()).add(a.batch_session_id));
    /** A student's held classes: those since they joined the batch, and any before that they attended. */
    const attendanceOf = (student: { id: number; batch_joined_at: string | null }) => {
      const own = attendedBy.get(student.id);
      const theirs = held.filter((s) =>
        countsForStudent(s, student.batch_joined_at, own?.has(s.id) ? 'present' : 'absent'),
      );
      const count = theirs.filter((s) => own?.has(s.id)).length;
      return {
        attended: count,
        held: theirs.length,
        percent: theirs.length === 0 ? null : Math.round((count * 100) / theirs.length),
      };
    };
    const quizBy = new Map(quizzes.map((q) => [q.student_id, { best: q.score, total: q.total }]));
    const programNumbers = [...new Set(cells.map((c) => c.program_number))].sort((a, b) => a - b);
    const cellsBy = new Map<number, Record<string, GradebookCell>>();
    for (const c of cells) {
      const own = cellsBy.get(c.student_id) ?? {};
      own[String(c.program_number)] = {
        best_score: c.best_score,
        best_total: c.best_total,
        late: c.best_late,
        submitted: c.submitted,
        manual:
          c.manual_score === null || c.manual_total === null
            ? null
            : { score: c.manual_score, total: c.manual_total, released: c.manual_released_at !== null },
      };
      cellsBy.set(c.student_id, own);
    }

    return {
      batch,
      programs: programNumbers,
      sessions_held: held.length,
      rows: students.map((s) => {
        const own = cellsBy.get(s.id) ?? {};
        return {
          student_id: s.id,
          first_name: s.first_name,
          last_name: s.last_name,
          email: s.email,
          status: studentStatusName(s.student_status),
          attendance: attendanceOf(s),
          programs: Object.fromEntries(programNumbers.map((n) => [String(n), own[String(n)] ?? null])),
          quiz: quizBy.get(s.id) ?? null,
        };
      }),
    };
  }

  return {
    read,

    async csv(batch: number): Promise<{ filename: string; csv: string }> {
      const book = await read(batch);
      const header = [
        'First name',
        'Last name',
        'Email',
        'Status',
        'Attendance %',
        'Classes attended',
        ...book.programs.map((n) => `Program ${n}`),
        'Best quiz',
      ];
      const rows = book.rows.map((r) => [
        r.first_name,
        r.last_name,
        r.email,
        studentStatusLabels[r.status],
        r.attendance.percent,
        `${r.attendance.attended} of ${r.attendance.held}`,
        ...book.programs.map((n) => formatGradebookCell(r.programs[String(n)])),
        r.quiz ? `${r.quiz.best}/${r.quiz.total}` : '',
      ]);
      return { filename: `gradebook-batch-${batch}.csv`, csv: toCsv(header, rows) };
    },

    async work(studentId: number): Promise<StudentWork> {
      const student = await gradebook.findStudent(db, studentId);
      if (!student) throw new AppError('notFound', messages.noSuchStudent);
      const programs = await gradebook.listStudentPrograms(db, student.id);
      const ids = programs.map((p) => p.id);
      const [submissions, comments] =
        ids.length === 0
          ? [[], []]
          : [await gradebook.listSubmissionsOf(db, ids), await gradebook.listCommentsOf(db, ids)];
      return {
        student: {
          id: student.id,
          first_name: student.first_name,
          last_name: student.last_name,
          email: student.email,
          batch: student.student_batch,
          status: studentStatusName(student.student_status),
        },
        programs: programs.map((p) => ({
          student_program_id: p.id,
          program_number: p.program_number,
          task: p.task,
          due_at: p.due_at,
          best_score: p.best_score,
          best_total: p.best_total,
          best_late: p.best_late,
          code: p.draft_code ?? p.solution ?? '',
          source: p.draft_code !== null ? 'draft' : p.solution !== null ? 'solution' : 'none',
          submitted_at: p.submitted_at,
          submissions: submissions
            .filter((s) => s.student_program_id === p.id)
            .map((s) => ({
              id: s.id,
              created_at: s.created_at,
              status: s.status,
              score: s.score,
              total: s.total,
              late: s.late,
            })),
          comments: comments
            .filter((c) => c.student_program_id === p.id)
            .map((c) => listedComment(c, p.draft_code ?? p.solution ?? '')),
        })),
      };
    },
  };
}

import { withBooleans } from '../db/flags.js';
import type { Db } from '../db/schema.js';

/** A student's programs with where they stand, and whether the program they came from is closed. */
export async function listStudentPrograms(db: Db, studentId: number) {
  const rows = await db
    .selectFrom('student_programs as sp')
    .leftJoin('programs as p', 'p.program_number', 'sp.program_number')
    .select([
      'sp.id',
      'sp.program_number',
      'sp.task',
      'sp.solution',
      'sp.submitted_at',
      'sp.due_at',
      'sp.best_score',
      'sp.best_total',
      'sp.best_late',
      'p.closed_at',
    ])
    .where('sp.student_id', '=', studentId)
    .orderBy('sp.program_number')
    .execute();
  return rows.map((row) => withBooleans(row, ['best_late']));
}

/** A student's doubts answered after `since` (all when null), newest answer first. */
export function listAnsweredDoubts(db: Db, studentId: number, since: string | null, limit: number) {
  let query = db
    .selectFrom('doubts as d')
    .leftJoin('course_sessions as c', 'c.id', 'd.session_id')
    .select(['d.id', 'c.session_number', 'd.question', 'd.answer', 'd.answered_at'])
    .where('d.student_id', '=', studentId)
    .where('d.answer', 'is not', null)
    .where('d.answered_at', 'is not', null);
  if (since !== null) query = query.where('d.answered_at', '>', since);
  return query.orderBy('d.answered_at', 'desc').orderBy('d.id', 'desc').limit(limit).execute();
}

/** The teacher's latest comments on any of a student's programs, newest first. */
export function listLatestComments(db: Db, studentId: number, limit: number) {
  return db
    .selectFrom('code_comments as cc')
    .innerJoin('student_programs as sp', 'sp.id', 'cc.student_program_id')
    .select([
      'cc.id',
      'cc.student_program_id',
      'sp.program_number',
      'cc.line',
      'cc.body',
      'cc.author_name',
      'cc.created_at',
    ])
    .where('sp.student_id', '=', studentId)
    .orderBy('cc.id', 'desc')
    .limit(limit)
    .execute();
}

export function listQuizScores(db: Db, studentId: number) {
  return db.selectFrom('quiz_attempts').select(['score', 'total']).where('student_id', '=', studentId).execute();
}

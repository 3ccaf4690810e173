import { sql } from 'kysely';
import { withBooleans } from '../db/flags.js';
import type { Db } from '../db/schema.js';

/** Each query below reads one whole batch grouped in SQL: a gradebook is a handful of queries, whatever its size. */

export function findBatch(db: Db, batch: number) {
  return db.selectFrom('batches').select('batch_number').where('batch_number', '=', batch).executeTakeFirst();
}

export function listBatchSessions(db: Db, batch: number) {
  return db
    .selectFrom('batch_sessions')
    .select(['id', 'starts_at', 'duration_minutes'])
    .where('batch_number', '=', batch)
    .execute();
}

/**
 * Per student, which of the given (held) sessions they attended: the teacher's mark present or late, or, unmarked, a
 * Join click (a held session has ended, so a click makes it present or late). Read by session (the primary key's
 * order); a student since moved to another batch is left out by the caller. Pairs rather than counts: a class held
 * before a student joined the batch counts for them only when they attended it.
 */
export function listAttended(db: Db, sessionIds: number[]) {
  return listAttendedQuery(db, sessionIds).execute();
}

export function listAttendedQuery(db: Db, sessionIds: number[]) {
  return db
    .selectFrom('attendance as a')
    .select(['a.student_id', 'a.batch_session_id'])
    .where('a.batch_session_id', 'in', sessionIds)
    .where((eb) =>
      eb.or([
        eb('a.mark', 'in', ['present', 'late']),
        eb.and([eb('a.mark', 'is', null), eb('a.joined_at', 'is not', null)]),
      ]),
    );
}

/**
 * Every program sent to a student of the batch, with its best score. A graded run sets the best score and a handed-in
 * solution submitted_at: together they say whether anything was handed in, without reading the submissions (a flag,
 * not the time: twelve thousand strings fewer to make).
 */
export async function listProgramCells(db: Db, batch: number) {
  const rows = await programCellsQuery(db, batch).execute();
  return rows.map((row) => withBooleans(row, ['best_late', 'submitted']));
}

export function programCellsQuery(db: Db, batch: number) {
  return db
    .selectFrom('student_programs as sp')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .leftJoin('manual_grades as g', 'g.student_program_id', 'sp.id')
    .select((eb) => [
      'sp.student_id',
      'sp.program_number',
      'sp.best_score',
      'sp.best_total',
      'sp.best_late',
      'g.score as manual_score',
      'g.total as manual_total',
      'g.released_at as manual_released_at',
      eb
        .case()
        .when(eb.or([eb('sp.submitted_at', 'is not', null), eb('sp.best_score', 'is not', null)]))
        .then(1)
        .else(0)
        .end()
        .as('submitted'),
    ])
    .where('s.role', '=', 'student')
    .where('s.student_batch', '=', batch);
}

/** Each student's best quiz attempt: the highest score (of the smallest total on a tie). */
export function listBestQuizzes(db: Db, batch: number) {
  return bestQuizzesQuery(db, batch).execute();
}

export function bestQuizzesQuery(db: Db, batch: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('quiz_attempts as qa')
        .innerJoin('students as s', 's.id', 'qa.student_id')
        .select([
          'qa.student_id',
          'qa.score',
          'qa.total',
          sql<number>`row_number() over (partition by qa.student_id order by qa.score desc, qa.total asc, qa.id desc)`.as(
            'rank',
          ),
        ])
        .where('s.role', '=', 'student')
        .where('s.student_batch', '=', batch)
        .as('ranked'),
    )
    .select(['student_id', 'score', 'total'])
    .where('rank', '=', 1);
}

export function findStudent(db: Db, id: number) {
  return db
    .selectFrom('students')
    .select(['id', 'first_name', 'last_name', 'email', 'student_batch', 'student_status'])
    .where('id', '=', id)
    .where('role', '=', 'student')
    .executeTakeFirst();
}

export async function listStudentPrograms(db: Db, studentId: number) {
  const rows = await db
    .selectFrom('student_programs')
    .select([
      'id',
      'program_number',
      'task',
      'due_at',
      'best_score',
      'best_total',
      'best_late',
      'draft_code',
      'solution',
      'submitted_at',
    ])
    .where('student_id', '=', studentId)
    .orderBy('program_number')
    .execute();
  return rows.map((row) => withBooleans(row, ['best_late']));
}

/** The submissions of some student programs, newest first (without their code and results). */
export async function listSubmissionsOf(db: Db, studentProgramIds: number[]) {
  const rows = await db
    .selectFrom('submissions')
    .select(['id', 'student_program_id', 'created_at', 'status', 'score', 'total', 'late'])
    .where('student_program_id', 'in', studentProgramIds)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => withBooleans(row, ['late']));
}

export function listCommentsOf(db: Db, studentProgramIds: number[]) {
  return db
    .selectFrom('code_comments')
    .select(['id', 'student_program_id', 'line', 'body', 'author_name', 'created_at', 'line_text', 'written_on'])
    .where('student_program_id', 'in', studentProgramIds)
    .orderBy('line')
    .orderBy('id')
    .execute();
}

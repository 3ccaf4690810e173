import type { Db } from '../db/schema.js';

/** Timed windows of a batch (or every batch), each program's one. */
export function listTimedWork(db: Db, batch: number | undefined) {
  let query = db.selectFrom('timed_work').selectAll();
  if (batch !== undefined) query = query.where('batch_number', '=', batch);
  return query.orderBy('batch_number').orderBy('program_number').execute();
}

export function programNumbersOf(db: Db, programIds: number[]) {
  return db.selectFrom('programs').select(['id', 'program_number']).where('id', 'in', programIds).execute();
}

/** Sets a program's window for a batch, replacing the one it had. */
export async function saveTimedWork(
  db: Db,
  row: { program_number: number; batch_number: number; opens_at: string; minutes: number },
) {
  return db
    .insertInto('timed_work')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['program_number', 'batch_number']).doUpdateSet({ opens_at: row.opens_at, minutes: row.minutes }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteTimedWork(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('timed_work').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The windows of one student's programs (their batch's), by program number. */
export function listStudentWindows(db: Db, studentId: number) {
  return db
    .selectFrom('student_programs as sp')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .innerJoin('timed_work as tw', (join) =>
      join.onRef('tw.program_number', '=', 'sp.program_number').onRef('tw.batch_number', '=', 's.student_batch'),
    )
    .select(['sp.id', 'sp.program_number', 'tw.opens_at', 'tw.minutes', 'sp.extra_minutes'])
    .where('sp.student_id', '=', studentId)
    .execute();
}

/**
 * One student program: whose it is, its number, and its window's columns when its program is timed for the
 * student's batch (null otherwise); undefined when there is no such student program.
 */
export function findWorkWindow(db: Db, studentProgramId: number) {
  return db
    .selectFrom('student_programs as sp')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .leftJoin('timed_work as tw', (join) =>
      join.onRef('tw.program_number', '=', 'sp.program_number').onRef('tw.batch_number', '=', 's.student_batch'),
    )
    .select(['sp.student_id', 'sp.program_number', 'tw.opens_at', 'tw.minutes', 'sp.extra_minutes'])
    .where('sp.id', '=', studentProgramId)
    .executeTakeFirst();
}

/** A program's window for one batch (to word the notice of sending it). */
export function findBatchWindow(db: Db, programNumber: number, batch: number) {
  return db
    .selectFrom('timed_work')
    .select(['opens_at', 'minutes'])
    .where('program_number', '=', programNumber)
    .where('batch_number', '=', batch)
    .executeTakeFirst();
}

export async function setExtraMinutes(db: Db, studentProgramId: number, minutes: number): Promise<boolean> {
  const result = await db
    .updateTable('student_programs')
    .set({ extra_minutes: minutes })
    .where('id', '=', studentProgramId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A program made timed after it was sent: the unread "sent to you" notices of the batch's students stop showing its
 * task, and say when it opens instead (a notice already read, and the email, cannot be taken back). How many changed.
 */
export async function withdrawSentTask(
  db: Db,
  programNumber: number,
  batch: number,
  announcement: string,
): Promise<number> {
  const copies = db
    .selectFrom('student_programs as sp')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .select('sp.id')
    .where('sp.program_number', '=', programNumber)
    .where('s.student_batch', '=', batch);
  const result = await db
    .updateTable('notifications')
    .set({ body: announcement })
    .where('kind', '=', 'program_sent')
    .where('read_at', 'is', null)
    .where('subject_id', 'in', copies)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

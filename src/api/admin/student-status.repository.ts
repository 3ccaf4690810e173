import { STUDENT_STATUS } from '../../contracts/course.js';
import { nowIso } from '../db/clock.js';
import { toStudentRow } from '../db/flags.js';
import type { Db, StudentRow } from '../db/schema.js';

/** A student (never the admin) by email, whatever its case. */
export async function findStudentAccountByEmail(db: Db, email: string): Promise<StudentRow | undefined> {
  const row = await db
    .selectFrom('students')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where('role', '=', 'student')
    .executeTakeFirst();
  return row && toStudentRow(row);
}

export async function deleteStudentRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('students').where('id', '=', id).execute();
}

/**
 * Sets student_status only while it is still `from`: of two changes racing from the same reading, one wins and the
 * other learns it lost (false).
 */
export async function setStudentStatus(db: Db, id: number, from: number, to: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('students')
    .set({ student_status: to, updated_at: nowIso(now) })
    .where('id', '=', id)
    .where('student_status', '=', from)
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) === 1;
  // Only a completed student's testimonial is shown: a completion undone sends it back to the teacher's review.
  if (changed && from === STUDENT_STATUS.completed && to !== STUDENT_STATUS.completed)
    await db
      .updateTable('students')
      .set({ feedback_state: 'pending', feedback_state_at: nowIso(now) })
      .where('id', '=', id)
      .where('feedback_state', '=', 'approved')
      .execute();
  return changed;
}

export async function insertStatusChange(
  db: Db,
  change: {
    student_id: number;
    student_email: string;
    from_status: number;
    to_status: number;
    /** The teacher who made the change; null when a payment made it (changed_by_email then says which). */
    changed_by: number | null;
    changed_by_email: string;
    reason?: string | null;
    reverts_id?: number | null;
    payment_id?: number | null;
  },
): Promise<void> {
  await db.insertInto('status_changes').values(change).execute();
}

/** The student's latest status change, with whether a later row undid it. */
export function latestStatusChange(db: Db, studentId: number) {
  return (
    db
      .selectFrom('status_changes')
      .select(['id', 'from_status', 'to_status', 'reverts_id', 'payment_id'])
      .where('student_id', '=', studentId)
      // A mark that changed nothing (recorded before such marks stopped being recorded) is no change to undo.
      .whereRef('from_status', '<>', 'to_status')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

/** The latest status changes, of one student or of everyone. */
export function listStatusChanges(db: Db, studentId: number | undefined, limit = 200) {
  let query = db
    .selectFrom('status_changes')
    .select([
      'id',
      'student_id',
      'student_email',
      'from_status',
      'to_status',
      'changed_by_email',
      'created_at',
      'reason',
      'reverts_id',
      'changed_by',
      'payment_id',
    ])
    .orderBy('id', 'desc')
    .limit(limit);
  if (studentId) query = query.where('student_id', '=', studentId);
  return query.execute();
}

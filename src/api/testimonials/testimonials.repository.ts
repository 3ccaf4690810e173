import { sql } from 'kysely';
import { STUDENT_STATUS } from '../../contracts/course.js';
import type { FeedbackState } from '../../contracts/testimonials.js';
import { nowIso } from '../db/clock.js';
import type { Db } from '../db/schema.js';

/** Completed students whose feedback the teacher approved, newest first: the landing page's testimonials. */
export function listTestimonialRows(db: Db, limit: number) {
  return db
    .selectFrom('students')
    .select(['id', 'first_name', 'last_name', 'study', 'institution', 'feedback', 'image_path'])
    .where('role', '=', 'student')
    .where('student_status', '=', STUDENT_STATUS.completed)
    .where('feedback', 'is not', null)
    .where('feedback_state', '=', 'approved')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Every student's feedback for the teacher: waiting first, then the most recently moderated or written. */
export function listFeedbackForModeration(db: Db, limit: number) {
  return (
    db
      .selectFrom('students')
      .select([
        'id',
        'first_name',
        'last_name',
        'email',
        'study',
        'institution',
        'image_path',
        'feedback',
        'feedback_state',
        'feedback_state_at',
        'feedback_revision',
      ])
      .where('role', '=', 'student')
      .where('feedback', 'is not', null)
      .orderBy(sql`case when feedback_state = 'pending' then 0 else 1 end`)
      // Rows from before moderation have no time: last on both databases (PostgreSQL would put nulls first).
      .orderBy(sql`case when feedback_state_at is null then 1 else 0 end`)
      .orderBy('feedback_state_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  );
}

/**
 * Sets the moderation state of a student's feedback, for an approval only if what it shows is still at `revision`
 * (the one the teacher read); false when nothing was set (no feedback, or a newer revision).
 */
export async function setFeedbackState(
  db: Db,
  studentId: number,
  state: FeedbackState,
  revision: number | undefined,
  now: Date,
): Promise<boolean> {
  let query = db
    .updateTable('students')
    .set({ feedback_state: state, feedback_state_at: nowIso(now) })
    .where('id', '=', studentId)
    .where('role', '=', 'student')
    .where('feedback', 'is not', null);
  if (revision !== undefined) query = query.where('feedback_revision', '=', revision);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the student has feedback to moderate. */
export async function hasFeedback(db: Db, studentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('students')
    .select('id')
    .where('id', '=', studentId)
    .where('role', '=', 'student')
    .where('feedback', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

import type { Kysely } from 'kysely';
import { systemClock } from '../src/contracts/clock.js';
import type { Database } from '../src/api/db/schema.js';

/**
 * Class schedule rows written straight into the database, as the teacher's schedule screens would: a batch with its
 * meeting link, a session of the course plan with its topics, and a batch's dated session.
 */
export async function putBatch(db: Kysely<Database>, batchNumber: number, meetingLink: string | null): Promise<void> {
  await db
    .insertInto('batches')
    .values({ batch_number: batchNumber, meeting_link: meetingLink })
    .onConflict((oc) => oc.column('batch_number').doUpdateSet({ meeting_link: meetingLink }))
    .execute();
}

export async function putCourseSession(db: Kysely<Database>, sessionNumber: number, topics: string): Promise<void> {
  await db
    .insertInto('course_sessions')
    .values({ session_number: sessionNumber, session_date: '2027-01-04', topics })
    .onConflict((oc) => oc.column('session_number').doUpdateSet({ topics }))
    .execute();
}

export async function addBatchSession(
  db: Kysely<Database>,
  row: { batch: number; session: number; startsAt: string | Date; minutes?: number },
): Promise<number> {
  const startsAt = new Date(row.startsAt).toISOString();
  const inserted = await db
    .insertInto('batch_sessions')
    .values({
      batch_number: row.batch,
      session_number: row.session,
      starts_at: startsAt,
      duration_minutes: row.minutes ?? 90,
      updated_at: '2026-11-20T10:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Moves a session as the schedule does: a new start, the sequence one up, updated now. */
export async function moveBatchSession(db: Kysely<Database>, id: number, startsAt: string | Date): Promise<void> {
  const row = await db.selectFrom('batch_sessions').select('sequence').where('id', '=', id).executeTakeFirstOrThrow();
  await db
    .updateTable('batch_sessions')
    .set({
      starts_at: new Date(startsAt).toISOString(),
      sequence: row.sequence + 1,
      updated_at: systemClock().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

export async function placeStudent(
  db: Kysely<Database>,
  studentId: number,
  changes: { status?: number; batch?: number | null; reminders?: 0 | 1 },
): Promise<void> {
  await db
    .updateTable('students')
    .set({
      ...(changes.status === undefined ? {} : { student_status: changes.status }),
      ...(changes.batch === undefined ? {} : { student_batch: changes.batch }),
      ...(changes.reminders === undefined ? {} : { reminders: changes.reminders }),
    })
    .where('id', '=', studentId)
    .execute();
}

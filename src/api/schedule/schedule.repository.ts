import { sql } from 'kysely';
import type { AttendanceMark, Db } from '../db/schema.js';

/** A batch's sessions with the plan's topics and video (null once the plan entry is deleted), in time order. */
export function listBatchSessions(db: Db, batch: number) {
  return sessionsWithPlan(db).where('bs.batch_number', '=', batch).orderBy('bs.starts_at').orderBy('bs.id').execute();
}

export function findBatchSession(db: Db, id: number) {
  return sessionsWithPlan(db).where('bs.id', '=', id).executeTakeFirst();
}

function sessionsWithPlan(db: Db) {
  return db
    .selectFrom('batch_sessions as bs')
    .leftJoin('course_sessions as cs', 'cs.session_number', 'bs.session_number')
    .select([
      'bs.id',
      'bs.batch_number',
      'bs.session_number',
      'bs.starts_at',
      'bs.duration_minutes',
      'bs.sequence',
      'cs.topics',
      'cs.lesson_video',
    ]);
}

/** The times of a batch's sessions, for the overlap check. */
export function listBatchTimes(db: Db, batch: number) {
  return db
    .selectFrom('batch_sessions')
    .select(['id', 'session_number', 'starts_at', 'duration_minutes'])
    .where('batch_number', '=', batch)
    .execute();
}

/** The sessions of several batches, for the attendance column of the student lists. */
export function listSessionsOfBatches(db: Db, batches: number[]) {
  if (batches.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('batch_sessions')
    .select(['id', 'batch_number', 'starts_at', 'duration_minutes'])
    .where('batch_number', 'in', batches)
    .execute();
}

/** The plan's session numbers, in order. */
export async function listPlanNumbers(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('course_sessions').select('session_number').orderBy('session_number').execute();
  return rows.map((r) => r.session_number);
}

export async function planHasSession(db: Db, sessionNumber: number): Promise<boolean> {
  return Boolean(
    await db.selectFrom('course_sessions').select('id').where('session_number', '=', sessionNumber).executeTakeFirst(),
  );
}

export async function insertBatchSession(
  db: Db,
  session: { batch_number: number; session_number: number; starts_at: string; duration_minutes: number },
): Promise<number> {
  const row = await db.insertInto('batch_sessions').values(session).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBatchSession(
  db: Db,
  id: number,
  changes: { starts_at: string; duration_minutes: number; updated_at: string },
): Promise<void> {
  await db
    .updateTable('batch_sessions')
    .set({ ...changes, sequence: sql`sequence + 1` })
    .where('id', '=', id)
    .execute();
}

export async function deleteBatchSession(db: Db, id: number): Promise<void> {
  await db.deleteFrom('batch_sessions').where('id', '=', id).execute();
}

/** The first Join click counts: a later one keeps its time (and a teacher's mark made earlier stays). */
export async function recordJoin(db: Db, sessionId: number, studentId: number, at: string): Promise<string> {
  await db
    .insertInto('attendance')
    .values({ batch_session_id: sessionId, student_id: studentId, joined_at: at })
    .onConflict((oc) =>
      oc.columns(['batch_session_id', 'student_id']).doUpdateSet({
        joined_at: sql`coalesce(attendance.joined_at, excluded.joined_at)`,
      }),
    )
    .execute();
  const row = await db
    .selectFrom('attendance')
    .select('joined_at')
    .where('batch_session_id', '=', sessionId)
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return row.joined_at ?? at;
}

export async function setMark(
  db: Db,
  sessionId: number,
  studentId: number,
  mark: AttendanceMark | null,
  at: string,
): Promise<void> {
  const markedAt = mark === null ? null : at;
  await db
    .insertInto('attendance')
    .values({ batch_session_id: sessionId, student_id: studentId, mark, marked_at: markedAt })
    .onConflict((oc) => oc.columns(['batch_session_id', 'student_id']).doUpdateSet({ mark, marked_at: markedAt }))
    .execute();
}

export function listAttendanceOf(db: Db, sessionIds: number[], studentIds?: number[]) {
  if (sessionIds.length === 0 || studentIds?.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('attendance')
    .select(['batch_session_id', 'student_id', 'joined_at', 'mark'])
    .where('batch_session_id', 'in', sessionIds);
  if (studentIds) query = query.where('student_id', 'in', studentIds);
  return query.execute();
}

export function findStudentInBatch(db: Db, studentId: number, batch: number) {
  return db
    .selectFrom('students')
    .select('id')
    .where('id', '=', studentId)
    .where('role', '=', 'student')
    .where('student_batch', '=', batch)
    .executeTakeFirst();
}

export function findMeetingLink(db: Db, batch: number) {
  return db.selectFrom('batches').select('meeting_link').where('batch_number', '=', batch).executeTakeFirst();
}

export function findBatchStart(db: Db, batch: number) {
  return db.selectFrom('batches').select('start_date').where('batch_number', '=', batch).executeTakeFirst();
}

/** When each of these students joined their batch (null: before the site recorded it), by student id. */
export async function listBatchJoinTimes(db: Db, studentIds: number[]): Promise<Map<number, string | null>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('students')
    .select(['id', 'batch_joined_at'])
    .where('id', 'in', studentIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.batch_joined_at]));
}

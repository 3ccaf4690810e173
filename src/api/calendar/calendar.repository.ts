import type { Db } from '../db/schema.js';

/** Which batches a feed shows: one batch's, or every batch's (the teacher's). */
export type BatchFilter = { batch: number } | 'all';

function classesQuery(db: Db, filter: BatchFilter) {
  let query = db
    .selectFrom('batch_sessions')
    .leftJoin('course_sessions', 'course_sessions.session_number', 'batch_sessions.session_number')
    .leftJoin('batches', 'batches.batch_number', 'batch_sessions.batch_number')
    .select([
      'batch_sessions.id',
      'batch_sessions.batch_number',
      'batch_sessions.session_number',
      'batch_sessions.starts_at',
      'batch_sessions.duration_minutes',
      'batch_sessions.sequence',
      'batch_sessions.created_at',
      'batch_sessions.updated_at',
      'course_sessions.topics',
      'batches.meeting_link',
    ]);
  if (filter !== 'all') query = query.where('batch_sessions.batch_number', '=', filter.batch);
  return query;
}

export type CalendarClass = Awaited<ReturnType<typeof listClasses>>[number];

/** The dated classes of a feed, in time order, with their topics and meeting link. */
export function listClasses(db: Db, filter: BatchFilter) {
  return classesQuery(db, filter).orderBy('batch_sessions.starts_at').orderBy('batch_sessions.id').execute();
}

/** One class, if the feed shows it. */
export function findClass(db: Db, filter: BatchFilter, id: number) {
  return classesQuery(db, filter).where('batch_sessions.id', '=', id).executeTakeFirst();
}

import type { Insertable, Updateable } from 'kysely';
import type { Database, Db } from '../db/schema.js';

const sessionColumns = ['id', 'session_number', 'session_date', 'topics', 'lesson_video'] as const;

export function listSessions(db: Db) {
  return db.selectFrom('course_sessions').select(sessionColumns).orderBy('session_number').execute();
}

export function insertSession(db: Db, session: Insertable<Database['course_sessions']>) {
  return db.insertInto('course_sessions').values(session).returning(sessionColumns).executeTakeFirstOrThrow();
}

/** The session as changed, or undefined when there is none with this id. */
export function updateSession(db: Db, id: number, session: Updateable<Database['course_sessions']>) {
  return db
    .updateTable('course_sessions')
    .set(session)
    .where('id', '=', id)
    .returning(sessionColumns)
    .executeTakeFirst();
}

/** Whether a session was there to delete. */
export async function deleteSession(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('course_sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function sessionExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('course_sessions').select('id').where('id', '=', id).executeTakeFirst());
}

export function findBatchDates(db: Db, batch: number) {
  return db
    .selectFrom('batches')
    .select(['start_date', 'meeting_link'])
    .where('batch_number', '=', batch)
    .executeTakeFirst();
}

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function putSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', key).execute();
}

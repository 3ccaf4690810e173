import type { Kysely, Transaction } from 'kysely';
import { isoAfter, nowIso } from '../db/clock.js';
import type { Database } from '../db/schema.js';
import { hashToken, newToken } from './random.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A session ends after this long without use. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60_000;
/** Last use is written at most this often, so reads don't turn into writes. */
const TOUCH_EVERY_MS = 5 * 60_000;

export async function createSession(db: Db, studentId: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('auth_sessions')
    .values({ student_id: studentId, token_hash: hashToken(token), expires_at: isoAfter(SESSION_IDLE_MS) })
    .execute();
  return token;
}

/**
 * A live session and its account, in one query: what every signed-in request needs first. The session is found by
 * a subquery on its token's unique index, then joined by primary key: written as a plain join, SQLite's planner
 * chose to scan the sessions table instead, at about four times the cost.
 */
export async function findSessionWithStudent(db: Kysely<Database>, token: string) {
  const row = await db
    .selectFrom('auth_sessions as a')
    .innerJoin('students as s', 's.id', 'a.student_id')
    .selectAll('s')
    .select(['a.id as session_id', 'a.expires_at as session_expires_at', 'a.last_used_at as session_last_used_at'])
    .where('a.id', '=', (eb) => eb.selectFrom('auth_sessions').select('id').where('token_hash', '=', hashToken(token)).where('expires_at', '>', nowIso()))
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_expires_at, session_last_used_at, ...student } = row;
  const session = { id: session_id, student_id: student.id, expires_at: session_expires_at, last_used_at: session_last_used_at };
  await touch(db, session);
  return { session, student };
}

async function touch(db: Kysely<Database>, session: { id: number; last_used_at: string }): Promise<void> {
  if (Date.now() - Date.parse(session.last_used_at) > TOUCH_EVERY_MS) {
    await db
      .updateTable('auth_sessions')
      .set({ last_used_at: nowIso(), expires_at: isoAfter(SESSION_IDLE_MS) })
      .where('id', '=', session.id)
      .execute();
  }
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('auth_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a student, except the one given (the one changing the password). */
export async function deleteSessionsOf(db: Db, studentId: number, exceptSessionId?: number): Promise<void> {
  let query = db.deleteFrom('auth_sessions').where('student_id', '=', studentId);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

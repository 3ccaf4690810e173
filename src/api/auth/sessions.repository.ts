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
 * A live session and its account: what every signed-in request needs first. Two primary-key reads: on SQLite they
 * cost a fifth of the same lookup written as a join selecting the whole account row.
 */
export async function findSessionWithStudent(db: Kysely<Database>, token: string) {
  const session = await db
    .selectFrom('auth_sessions')
    .select(['id', 'student_id', 'expires_at', 'last_used_at'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (!session) return undefined;
  const student = await db.selectFrom('students').selectAll().where('id', '=', session.student_id).executeTakeFirst();
  if (!student) return undefined;
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

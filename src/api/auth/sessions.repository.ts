import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { isoAfter, nowIso } from '../db/clock.js';
import { type DialectName, sqliteConnection } from '../db/database.js';
import type { SqliteStatement } from '../db/sqlite-driver.js';
import { isSet } from '../db/flags.js';
import type { Database, Db, StudentRow } from '../db/schema.js';
import { contentVersionColumns, contentVersionsOf } from '../common/versioned-cache.js';
import { hashToken, newToken } from './random.js';

/** A session ends after this long without use. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60_000;
/** Last use is written at most this often, so reads don't turn into writes. */
const TOUCH_EVERY_MS = 5 * 60_000;

export async function createSession(db: Db, studentId: number, now: Date = systemClock()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('auth_sessions')
    .values({ student_id: studentId, token_hash: hashToken(token), expires_at: isoAfter(SESSION_IDLE_MS, now) })
    .execute();
  return token;
}

/** Stand-ins for a compiled query's values, swapped for the real ones at each run. */
const TOKEN_HASH = '\0token_hash';
const TOKEN_HASHES = '\0token_hashes';
const NOW = '\0now';

const SESSION_SELECTION = [
  'a.id as session_id',
  'a.token_hash as session_token_hash',
  'a.expires_at as session_expires_at',
  'a.last_used_at as session_last_used_at',
] as const;

/** Sessions (`a`) with their students (`s`), as SQLite joins them. */
function sessionsWithStudents(db: Kysely<Database>) {
  return db
    .selectFrom('auth_sessions as a')
    .innerJoin('students as s', 's.id', 'a.student_id')
    .selectAll('s')
    .select(SESSION_SELECTION)
    .select(contentVersionColumns());
}

/**
 * PostgreSQL: the live sessions of a batch of token hashes, each with its student, every row fetched by key. The
 * query keeps the planner from two plans it chose for the plain form (`a.token_hash = any(...)` joined to students),
 * judging from statistics that lag behind the sessions table:
 * - reading every session and comparing it with every hash of the batch: about 1.5 ms per batch of 50 hashes at
 *   1,000 sessions, growing with both;
 * - a merge join walking the students' key index from the first id up to the batch's highest. A student who had just
 *   signed up, newer than the statistics, had each request read all 100,000 entries (about 30 ms).
 * OFFSET 0 keeps each subquery from being folded back into a join.
 */
function sessionsOfTokens(db: Kysely<Database>) {
  return db
    .selectFrom(sql<{ t: string }>`unnest(${TOKEN_HASHES}::text[])`.as('t'))
    .crossJoinLateral((eb) =>
      eb
        .selectFrom('auth_sessions')
        .selectAll()
        .whereRef('auth_sessions.token_hash', '=', 't.t')
        .where('expires_at', '>', NOW)
        .offset(sql.lit(0))
        .as('a'),
    )
    .crossJoinLateral((eb) =>
      eb.selectFrom('students').selectAll().whereRef('students.id', '=', 'a.student_id').offset(sql.lit(0)).as('s'),
    )
    .selectAll('s')
    .select(SESSION_SELECTION)
    .select(contentVersionColumns());
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsWithStudents>['executeTakeFirstOrThrow']>>;

/** The columns the session row adds to the student's. */
const SESSION_COLUMNS = [
  'session_id',
  'session_token_hash',
  'session_expires_at',
  'session_last_used_at',
  'version_course_sessions',
  'version_students',
  'version_settings',
  'version_attendance',
  'version_batch_sessions',
] as const;

/**
 * The row becomes the student once the session's columns are taken out of it. Copying the rest instead (`...student`)
 * cost about 13 µs a request, a tenth of a cached GET: SQLite's rows are dictionary-mode objects, which V8
 * copies slowly, while deleting a key from one is a hash-table removal.
 */
function splitRow(row: SessionRow) {
  const session = {
    id: row.session_id,
    student_id: row.id,
    expires_at: row.session_expires_at,
    last_used_at: row.session_last_used_at,
  };
  const contentVersions = contentVersionsOf(row);
  for (const column of SESSION_COLUMNS) Reflect.deleteProperty(row, column);
  // The flags become booleans in place, for the same reason.
  const student = row as unknown as StudentRow;
  student.activated = isSet(row.activated);
  student.reminders = isSet(row.reminders);
  return { session, student, contentVersions };
}

type SessionWithStudent = ReturnType<typeof splitRow>;

function withValues<R>(query: CompiledQuery<R>, values: Record<string, unknown>): CompiledQuery<R> {
  return {
    ...query,
    parameters: query.parameters.map((value) => (typeof value === 'string' && value in values ? values[value] : value)),
  };
}

/** Lookups waiting for the next batch, by token hash. */
type Waiting = Map<
  string,
  { resolve: (found: SessionWithStudent | undefined) => void; reject: (error: unknown) => void }[]
>;
const MAX_BATCH = 200;

/**
 * A live session and its account, in one query: what every signed-in request needs first. The same row brings the
 * content versions the caches check, which saves a cached answer a query of its own. The queries are compiled once:
 * building and compiling them with Kysely for every request cost more than SQLite running them.
 *
 * SQLite: one query per request, called in-process. The session is found by a subquery on its token's unique index,
 * then joined by primary key: written as a plain join, SQLite's planner chose to scan the sessions table instead.
 * PostgreSQL: a round trip costs the site more than the lookup itself (a socket write that wakes a backend, a result
 * to parse), so the lookups of requests read in the same turn of the event loop go in one query, right after it.
 * Each request still reads its session after it arrived, so a logout or a changed account counts at once.
 */
export function sessionFinder(
  db: Kysely<Database>,
  dialect: DialectName,
  clock: Clock = systemClock,
): (token: string) => Promise<SessionWithStudent | undefined> {
  const nowForLookup = lookupClock(clock);
  const lookUp = dialect === 'sqlite' ? oneAtATime(db, nowForLookup) : together(db, nowForLookup);
  return async (token) => {
    const session = await lookUp(hashToken(token));
    const now = clock();
    if (session && now.getTime() - Date.parse(session.session.last_used_at) > TOUCH_EVERY_MS)
      await touch(db, session.session, now);
    return session;
  };
}

/**
 * The time now as the lookups compare it, made once per millisecond: under load several requests share a
 * millisecond, and toISOString was a few percent of a cached GET's CPU.
 */
function lookupClock(clock: Clock): () => string {
  let isoMs = Number.NaN;
  let iso = '';
  return () => {
    const ms = clock().getTime();
    if (ms !== isoMs) {
      isoMs = ms;
      iso = new Date(ms).toISOString();
    }
    return iso;
  };
}

type LookUp = (tokenHash: string) => Promise<SessionWithStudent | undefined>;

/**
 * The compiled lookup, with placeholders for its values (withValues): on SQLite of one token hash, found by a subquery
 * on its token's unique index; on PostgreSQL of a batch of them (sessionsOfTokens).
 */
export function sessionLookupQuery(db: Kysely<Database>, dialect: DialectName): CompiledQuery<SessionRow> {
  if (dialect === 'postgres') return sessionsOfTokens(db).compile();
  return sessionsWithStudents(db)
    .where('a.id', '=', (eb) =>
      eb.selectFrom('auth_sessions').select('id').where('token_hash', '=', TOKEN_HASH).where('expires_at', '>', NOW),
    )
    .compile();
}

/**
 * SQLite runs the compiled query on the driver's connection directly: Kysely's layers (a connection taken and given
 * back through its mutex, a result transformed, each step a promise) cost about as much as SQLite finding the row.
 * Inside a transaction that another request holds open on the connection, the lookup goes through Kysely as before
 * and waits for it to end: the direct call would read the transaction's uncommitted rows.
 */
function oneAtATime(db: Kysely<Database>, nowForLookup: () => string): LookUp {
  const query = sessionLookupQuery(db, 'sqlite');
  const connection = sqliteConnection(db);
  let statement: SqliteStatement<SessionRow> | undefined;
  return async (tokenHash) => {
    const bound = withValues(query, { [TOKEN_HASH]: tokenHash, [NOW]: nowForLookup() });
    let row: SessionRow | undefined;
    if (connection && !connection.inTransaction) {
      statement ??= connection.prepare<SessionRow>(query.sql);
      row = statement.get(bound.parameters);
    } else {
      row = (await db.executeQuery(bound)).rows[0];
    }
    return row && splitRow(row);
  };
}

function together(db: Kysely<Database>, nowForLookup: () => string): LookUp {
  const query = sessionLookupQuery(db, 'postgres');
  let waiting: Waiting = new Map();

  async function run(batch: Waiting): Promise<void> {
    try {
      const { rows } = await db.executeQuery(
        withValues(query, { [TOKEN_HASHES]: [...batch.keys()], [NOW]: nowForLookup() }),
      );
      const byHash = new Map(rows.map((row) => [row.session_token_hash, row]));
      for (const [hash, waiters] of batch) {
        const row = byHash.get(hash);
        // Requests sharing a token share the one answer; nothing changes a request's session or student.
        const found = row && splitRow(row);
        for (const waiter of waiters) waiter.resolve(found);
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  function flush(): void {
    const batch = waiting;
    waiting = new Map();
    let part: Waiting = new Map();
    for (const [hash, waiters] of batch) {
      part.set(hash, waiters);
      if (part.size === MAX_BATCH) {
        void run(part);
        part = new Map();
      }
    }
    if (part.size > 0) void run(part);
  }

  return (tokenHash) =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) setImmediate(flush);
      const waiters = waiting.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(tokenHash, [{ resolve, reject }]);
    });
}

/** Called only when the last use written is older than TOUCH_EVERY_MS: most requests await nothing here. */
async function touch(db: Kysely<Database>, session: { id: number }, now: Date): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ last_used_at: nowIso(now), expires_at: isoAfter(SESSION_IDLE_MS, now) })
    .where('id', '=', session.id)
    .execute();
}

/** Of the sessions given, those not ended (logged out, replaced by a password change, expired). */
export async function liveSessionIds(db: Db, sessionIds: number[], now: Date): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('auth_sessions')
    .select('id')
    .where('id', 'in', sessionIds)
    .where('expires_at', '>', nowIso(now))
    .execute();
  return new Set(rows.map((row) => row.id));
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

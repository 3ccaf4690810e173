import { type CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, uniqueEmail, verifiedStudent } from '../../../test/accounts-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { messages } from '../../contracts/messages.js';
import { hashToken, newToken } from './random.js';
import { createSession, sessionFinder } from './sessions.repository.js';

// Every signed-in request reads its session from the database after it arrives. On PostgreSQL the lookups of
// requests arriving together share one query; each request must still get its own account, and a session that
// has ended must be refused at once.
let ctx: TestContext;
let students: { email: string; token: string; id: number }[];

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { ipRateLimits: { login: 1000, signup: 1000, email: 1000 } });
  students = [];
  for (let i = 0; i < 6; i += 1) students.push(await verifiedStudent(ctx, uniqueEmail('lookup')));
});
afterAll(() => ctx.close());

/** The database handle, counting the queries run that read sessions (the finder compiles its queries once). */
function countingSessionQueries() {
  const counter = { queries: 0, last: undefined as CompiledQuery | undefined };
  const target = ctx.database.db;
  const db = new Proxy(target, {
    get(object, property) {
      if (property === 'executeQuery') {
        return (query: CompiledQuery) => {
          if (query.sql.includes('"auth_sessions"')) {
            counter.queries += 1;
            counter.last = query;
          }
          return object.executeQuery(query);
        };
      }
      const value = Reflect.get(object, property, object) as unknown;
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
  return { db, counter };
}

describe('signed-in requests arriving together', () => {
  it('each get their own account; unknown and ended sessions are refused', async () => {
    const ended = students[5]!;
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/students/logout', headers: bearer(ended.token) })).statusCode,
    ).toBeLessThan(300);
    const callers = [...students.slice(0, 5), ...students.slice(0, 5)].map((s) => ({
      token: s.token,
      expect: s.email,
    }));
    callers.push({ token: newToken(), expect: '' }, { token: ended.token, expect: '' });
    const answers = await Promise.all(
      callers.map((c) => ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(c.token) })),
    );
    answers.forEach((answer, i) => {
      const caller = callers[i]!;
      if (caller.expect) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json().email).toBe(caller.expect);
      } else {
        expect(answer.statusCode).toBe(401);
        expect(answer.json().errors).toEqual([messages.sessionExpired]);
      }
    });
  });

  it(`share one query on PostgreSQL (one each on SQLite, which is called in-process)`, async () => {
    const { db, counter } = countingSessionQueries();
    const find = sessionFinder(db, ctx.database.dialect);
    const tokens = await Promise.all(students.slice(0, 5).map((s) => createSession(ctx.database.db, s.id)));
    const found = await Promise.all([...tokens, newToken(), tokens[0]!].map((token) => find(token)));
    expect(found.map((f) => f?.student.email)).toEqual([
      ...students.slice(0, 5).map((s) => s.email),
      undefined,
      students[0]!.email,
    ]);
    expect(counter.queries).toBe(ctx.database.dialect === 'postgres' ? 1 : 7);
  });

  it('reads the session afresh for each request: a session ended between two requests is refused at once', async () => {
    const find = sessionFinder(ctx.database.db, ctx.database.dialect);
    const token = await createSession(ctx.database.db, students[0]!.id);
    expect((await find(token))?.student.id).toBe(students[0]!.id);
    await ctx.database.db.deleteFrom('auth_sessions').where('student_id', '=', students[0]!.id).execute();
    expect(await find(token)).toBeUndefined();
  });

  it('never reads what a transaction still open has written: rolled back, the session it deleted still works', async () => {
    const find = sessionFinder(ctx.database.db, ctx.database.dialect);
    const student = students[2]!;
    const token = await createSession(ctx.database.db, student.id);
    let lookup: ReturnType<typeof find> | undefined;
    const rolledBack = new Error('rolled back');
    const outcome = await ctx.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('auth_sessions').where('token_hash', '=', hashToken(token)).execute();
        // SQLite: the transaction holds the one connection, and the lookup waits for it to end. PostgreSQL: the
        // lookup runs on another connection, which sees only committed rows.
        lookup = find(token);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw rolledBack;
      })
      .catch((error: unknown) => error);
    expect(outcome).toBe(rolledBack);
    expect((await lookup)?.student.id).toBe(student.id);
  });

  it('brings the content versions the caches check', async () => {
    const find = sessionFinder(ctx.database.db, ctx.database.dialect);
    const token = await createSession(ctx.database.db, students[1]!.id);
    const versions = await ctx.database.db.selectFrom('content_versions').select(['name', 'version']).execute();
    const found = await find(token);
    expect(found?.contentVersions).toEqual(Object.fromEntries(versions.map((v) => [v.name, Number(v.version)])));
  });

  it("hands back the student's row alone, and the session's own fields beside it", async () => {
    const find = sessionFinder(ctx.database.db, ctx.database.dialect);
    const token = await createSession(ctx.database.db, students[3]!.id);
    const stored = await ctx.database.db
      .selectFrom('students')
      .selectAll()
      .where('id', '=', students[3]!.id)
      .executeTakeFirstOrThrow();
    const session = await ctx.database.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    const found = await find(token);
    // The stored row, with its 0/1 flags as booleans (as every repository hands a student back).
    expect(found?.student).toEqual({ ...stored, activated: stored.activated === 1, reminders: stored.reminders === 1 });
    expect(found?.session).toEqual({
      id: session.id,
      student_id: students[3]!.id,
      expires_at: session.expires_at,
      last_used_at: session.last_used_at,
    });
  });

  it('fails every waiting lookup when the query fails, and the next batch works again', async () => {
    let fail = true;
    const failing: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (fail) throw new Error('database unavailable');
        return args.result;
      },
    };
    const find = sessionFinder(ctx.database.db.withPlugin(failing), ctx.database.dialect);
    const token = await createSession(ctx.database.db, students[2]!.id);
    const outcomes = await Promise.allSettled([find(token), find(newToken()), find(token)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    fail = false;
    expect((await find(token))?.student.id).toBe(students[2]!.id);
  });

  // Last: it adds 20,000 students and 1,000 sessions. The statistics know only older students' sessions, as right after
  // a signup. The plain query (`token_hash = any(...)` joined to students) was then planned as a scan of every
  // session, or as a merge join walking the students' key index from the first id up to the new student's.
  it('PostgreSQL: a new student and their session are each read by key, whatever the statistics say', async () => {
    if (ctx.database.dialect !== 'postgres') return;
    const { db } = ctx.database;
    await sql`insert into students (email, password_hash, first_name, last_name, uniq_id)
      select 'older' || g || '@example.com', 'x', 'Older', 'Student', 'OLDER' || g from generate_series(1, 20000) g`.execute(
      db,
    );
    await sql`insert into auth_sessions (student_id, token_hash, expires_at)
      select (select min(id) from students) + g % 50, 'older-session-' || g, '2099-01-01T00:00:00.000Z' from generate_series(1, 1000) g`.execute(
      db,
    );
    await sql`analyze students, auth_sessions`.execute(db);
    const newcomer = await verifiedStudent(ctx, uniqueEmail('newcomer'));

    const { db: counting, counter } = countingSessionQueries();
    expect((await sessionFinder(counting, 'postgres')(newcomer.token))?.student.id).toBe(newcomer.id);
    const batch = counter.last!;
    // The plan PostgreSQL keeps for the prepared statement once it stops planning for each call's values.
    const rowsRead = await db.connection().execute(async (connection) => {
      await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
      await sql.raw(`prepare session_batch as ${batch.sql}`).execute(connection);
      try {
        // EXECUTE's arguments are part of a utility statement: literals, not bound parameters.
        const literal = (value: unknown) => sql.lit(value as string | number);
        const args = batch.parameters.map((value) =>
          Array.isArray(value) ? sql`array[${sql.join(value.map(literal))}]::text[]` : literal(value),
        );
        const { rows } = await sql<{
          'QUERY PLAN': unknown;
        }>`explain (analyze, format json) execute session_batch(${sql.join(args)})`.execute(connection);
        return rowsReadByTable((rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan);
      } finally {
        await sql`deallocate session_batch`.execute(connection);
        await sql`reset plan_cache_mode`.execute(connection);
      }
    });
    expect(rowsRead).toMatchObject({ auth_sessions: 1, students: 1 });
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Rows each table's scans read in an EXPLAIN ANALYZE plan: those returned and those filtered out. */
function rowsReadByTable(node: PlanNode, totals: Record<string, number> = {}): Record<string, number> {
  const table = node['Relation Name'];
  if (table)
    totals[table] =
      (totals[table] ?? 0) +
      ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1);
  for (const child of node.Plans ?? []) rowsReadByTable(child, totals);
  return totals;
}

import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { buildApp } from '../app.js';
import { VersionedCache } from './versioned-cache.js';

// Cached answers (the sessions list, the admin lists' totals) on two copies of the site sharing one database:
// a change through either copy, or straight into the database, shows at once through both.
let ctx: TestContext;
let adminToken: string;
let other: FastifyInstance;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
  other = await buildApp({
    config: ctx.config,
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    ipRateLimits: { login: 1000, signup: 1000, email: 1000 },
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...bearer(adminToken), ...headers } });
const sessionNumbers = async (app: FastifyInstance) =>
  (await get(app, '/courses/')).json().map((s: { session_number: number }) => s.session_number);

describe('the sessions list, serialised once per change', () => {
  it('shows a session added or removed through the other process, or straight in the database', async () => {
    const before = await sessionNumbers(ctx.app);
    expect(await sessionNumbers(other)).toEqual(before);
    const added = await other.inject({
      method: 'POST',
      url: '/courses/',
      headers: bearer(adminToken),
      payload: { session_number: 701, session_date: '2027-05-01', topics: 'Bit fields' },
    });
    expect(added.statusCode).toBe(201);
    expect(await sessionNumbers(ctx.app)).toEqual([...before, 701]);
    await ctx.database.db
      .updateTable('course_sessions')
      .set({ topics: 'Bit fields and unions' })
      .where('session_number', '=', 701)
      .execute();
    expect((await get(ctx.app, '/courses/')).json().at(-1).topics).toBe('Bit fields and unions');
    expect(
      (await other.inject({ method: 'DELETE', url: `/courses/${added.json().id}`, headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(204);
    expect(await sessionNumbers(ctx.app)).toEqual(before);
  });

  it('answers 304 to the current ETag, and the full list once it changes', async () => {
    const first = await get(ctx.app, '/courses/');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"sessions-\d+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(other, '/courses/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await ctx.database.db
      .insertInto('course_sessions')
      .values({ session_number: 702, session_date: '2027-05-02', topics: 'Unions' })
      .execute();
    const changed = await get(ctx.app, '/courses/', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().map((s: { session_number: number }) => s.session_number)).toContain(702);
    await ctx.database.db.deleteFrom('course_sessions').where('session_number', '=', 702).execute();
  });

  it('sends the same JSON gzipped to a browser that takes gzip, and plain otherwise', async () => {
    await ctx.database.db
      .insertInto('course_sessions')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          session_number: 800 + i,
          session_date: '2027-06-01',
          topics: `Topic ${i}: files and streams`,
        })),
      )
      .execute();
    const plain = await get(ctx.app, '/courses/', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await get(ctx.app, '/courses/', { 'accept-encoding': 'br, gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(JSON.parse(plain.body)).toHaveLength(
      (await ctx.database.db.selectFrom('course_sessions').select('id').execute()).length,
    );
    await ctx.database.db.deleteFrom('course_sessions').where('session_number', '>=', 800).execute();
  });
});

describe("the admin lists' totals, counted once per change", () => {
  const total = async (app: FastifyInstance, url: string) => Number((await get(app, url)).headers['x-total-count']);

  it('follow students added, changed and removed by anyone', async () => {
    const url = '/students/get_regd_students?q=Okonkwo';
    expect(await total(ctx.app, url)).toBe(0);
    const [row] = await ctx.database.db
      .insertInto('students')
      .values({
        email: `chidi.${Date.now()}@example.com`,
        password_hash: 'x',
        first_name: 'Chidi',
        last_name: 'Okonkwo',
        activated: 1,
        uniq_id: `chidi-${Date.now()}`,
      })
      .returning('id')
      .execute();
    expect(await total(ctx.app, url)).toBe(1);
    expect(await total(other, url)).toBe(1);
    expect(await total(ctx.app, '/students/get_old_students?q=Okonkwo')).toBe(0);
    await ctx.database.db.updateTable('students').set({ student_status: 2 }).where('id', '=', row!.id).execute();
    expect(await total(ctx.app, '/students/get_old_students?q=Okonkwo')).toBe(1);
    expect(await total(ctx.app, '/students/get_new_students?q=Okonkwo')).toBe(0);
    await ctx.database.db.updateTable('students').set({ last_name: 'Anagonye' }).where('id', '=', row!.id).execute();
    expect(await total(ctx.app, url)).toBe(0);
    expect(await total(other, '/students/get_regd_students?q=anagon')).toBe(1);
    await ctx.database.db.deleteFrom('students').where('id', '=', row!.id).execute();
    expect(await total(other, '/students/get_regd_students?q=anagon')).toBe(0);
  });

  it('searches any case and alphabet, quotes and wildcards as plain text, and pages matches in order', async () => {
    const stamp = Date.now();
    await ctx.database.db
      .insertInto('students')
      .values([
        ...Array.from({ length: 12 }, (_, i) => ({
          email: `zoë.${i}.${stamp}@example.com`,
          password_hash: 'x',
          first_name: 'Zoë',
          last_name: `O"Brien ${i}`,
          activated: 1,
          uniq_id: `zoe-${i}-${stamp}`,
        })),
        {
          email: `percent.${stamp}@example.com`,
          password_hash: 'x',
          first_name: '100%_sure',
          last_name: 'Sharma',
          activated: 1,
          uniq_id: `pct-${stamp}`,
        },
      ])
      .execute();
    const emails = async (url: string) => (await get(ctx.app, url)).json().map((s: { email: string }) => s.email);
    expect(await emails('/students/get_regd_students?q=ZOË&per_page=200')).toHaveLength(12);
    expect(await emails(`/students/get_regd_students?q=${encodeURIComponent('o"brien 1')}&per_page=200`)).toHaveLength(
      3,
    );
    expect(await emails(`/students/get_regd_students?q=${encodeURIComponent('0%_s')}`)).toEqual([
      `percent.${stamp}@example.com`,
    ]);
    const page2 = await get(ctx.app, '/students/get_regd_students?q=zo%C3%AB&per_page=5&page=2');
    expect(page2.headers['x-total-count']).toBe('12');
    expect(page2.json().map((s: { email: string }) => s.email)).toEqual(
      [5, 6, 7, 8, 9].map((i) => `zoë.${i}.${stamp}@example.com`),
    );
    const desc = await emails('/students/get_regd_students?q=zoë&per_page=3&order=desc');
    expect(desc).toEqual([11, 10, 9].map((i) => `zoë.${i}.${stamp}@example.com`));
    const byName = await emails('/students/get_regd_students?q=zoë&per_page=2&sort=last_name&order=desc');
    expect(byName).toEqual([9, 8].map((i) => `zoë.${i}.${stamp}@example.com`));
  });

  it('on PostgreSQL, keeps the searched text lowercased beside each student, with the trigram index the search uses', async () => {
    if (ctx.database.dialect !== 'postgres') return;
    const indexes = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where tablename = 'students'`.execute(ctx.database.db);
    expect(indexes.rows.map((r) => r.indexname)).toContain('students_search_text_trgm_idx');
    expect(indexes.rows.map((r) => r.indexname)).not.toContain('students_search_trgm_idx');
    const stamp = Date.now().toString(36);
    await ctx.database.db
      .insertInto('students')
      .values({
        email: `ÉLodie.${stamp}@Example.com`,
        password_hash: 'x',
        first_name: 'ÉLODIE',
        last_name: 'Dürr',
        city: 'PUNE',
        mobile: '9123',
        uniq_id: `SEARCH-${stamp}`,
      })
      .execute();
    const stored = await sql<{
      search_text: string;
    }>`select search_text from students where uniq_id = ${`SEARCH-${stamp}`}`.execute(ctx.database.db);
    expect(stored.rows[0]?.search_text).toBe(`élodie dürr élodie.${stamp}@example.com pune 9123 search-${stamp}`);
    const plan = await ctx.database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{
        'QUERY PLAN': string;
      }>`explain select id from students where students.search_text like lower(${'%SHARMA%'}) escape '\\'`.execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('students_search_text_trgm_idx');
    await ctx.database.db.deleteFrom('students').where('uniq_id', '=', `SEARCH-${stamp}`).execute();
  });
});

describe('VersionedCache', () => {
  it('computes an answer once for requests arriving together, again after a change, and keeps no failure', async () => {
    const cache = new VersionedCache<number>(ctx.database.db, 'course_sessions');
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return computed;
    };
    const together = await Promise.all(Array.from({ length: 10 }, () => cache.get('k', compute)));
    expect(computed).toBe(1);
    expect(new Set(together.map((answer) => answer.value))).toEqual(new Set([1]));
    expect((await cache.get('k', compute)).value).toBe(1);
    await ctx.database.db
      .insertInto('course_sessions')
      .values({ session_number: 900, session_date: '2027-07-01', topics: 'Bump' })
      .execute();
    expect((await cache.get('k', compute)).value).toBe(2);
    await ctx.database.db.deleteFrom('course_sessions').where('session_number', '=', 900).execute();
    await expect(cache.get('k', () => Promise.reject(new Error('database hiccup')))).rejects.toThrow('database hiccup');
    expect((await cache.get('k', compute)).value).toBe(3);
  });
});

describe('the versions a signed-in request brings', () => {
  it('spare a cached answer its own version query, and still show a change at once', async () => {
    let versionQueries = 0;
    const counting: KyselyPlugin = {
      transformQuery(args) {
        const from = args.node.kind === 'SelectQueryNode' ? JSON.stringify(args.node.from) : '';
        if (from.includes('"content_versions"') && !from.includes('"auth_sessions"')) versionQueries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const counted = await buildApp({
      config: ctx.config,
      db: ctx.database.db.withPlugin(counting),
      dialect: ctx.database.dialect,
      // The site settings' watch reads the settings version on its own timer; not a request's query.
      settingsWatchMs: 3_600_000,
    });
    await counted.ready();
    // Counted from the first request: the start reads the settings once, as every process does.
    versionQueries = 0;
    try {
      const before = await sessionNumbers(counted);
      expect(await sessionNumbers(counted)).toEqual(before);
      expect(versionQueries).toBe(0);
      await ctx.database.db
        .insertInto('course_sessions')
        .values({ session_number: 903, session_date: '2027-07-04', topics: 'Seen at once' })
        .execute();
      expect(await sessionNumbers(counted)).toEqual([...before, 903]);
      // Without a signed-in caller (the landing page's testimonials) the cache reads the version itself.
      expect((await counted.inject({ method: 'GET', url: '/students/get_old_students' })).statusCode).toBe(200);
      expect(versionQueries).toBe(1);
    } finally {
      await ctx.database.db.deleteFrom('course_sessions').where('session_number', '=', 903).execute();
      await counted.close();
    }
  });
});

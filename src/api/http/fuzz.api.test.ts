/**
 * Property-based fuzzing (fast-check) of every API route, as anonymous, a student and the admin: wrong types,
 * huge and odd strings, unicode, nested junk, missing fields, garbage bodies and bad multipart. Every answer must
 * be below 500, an error must be JSON `{ errors, code }`, and a refused request must change nothing stored.
 */
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import type { Database } from '../db/schema.js';

let ctx: TestContext;
const tokens: Record<string, string | undefined> = { anonymous: undefined };

beforeAll(async () => {
  let adminToken: string;
  ({ ctx, adminToken } = await createAdminTestApp());
  tokens.admin = adminToken;
  const s = await verifiedStudent(ctx);
  tokens.student = s.token;
});
afterAll(() => ctx.close());

const STRING_FIELDS = [
  'email',
  'password',
  'first_name',
  'last_name',
  'mobile',
  'city',
  'country',
  'study',
  'institution',
  'work',
  'office',
  'feedback',
  'session_date',
  'topics',
  'lesson_video',
  'task',
  'solution',
  'question',
  'answer',
  'code',
  'stdin',
  'starter_code',
  'body',
  'order_id',
  'razorpay_payment_id',
  'razorpay_signature',
  'outcome',
  'start_date',
  'meeting_link',
  'url',
  'current_password',
  'password_confirmation',
  'expected_output',
  'name',
];
const NUMBER_FIELDS = [
  'student_status',
  'student_batch',
  'session_number',
  'program_number',
  'student_id',
  'session_id',
  'answer_index',
  'line',
  'points',
  'amount',
];
const BOOLEAN_FIELDS = ['closed', 'visible'];
const ARRAY_FIELDS = ['answers', 'options', 'tests'];

const oddString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '💥'.repeat(50),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    'x'.repeat(70_000),
    '%00',
    '\u202e',
  ),
);
const junk = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  oddString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(oddString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);
/** Values of the wrong type for each kind of field (none of them could pass, even with coercion). */
const notAString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(junk, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), junk, { maxKeys: 3 }),
);
const notANumber = fc.oneof(
  fc.constantFrom('abc', 'NaN', '1e999', '--1', '0x'),
  fc.dictionary(fc.string({ maxLength: 5 }), junk, { minKeys: 1, maxKeys: 3 }),
  fc.constant(null),
);
const notABoolean = fc.oneof(
  fc.constantFrom('yes', 'true', 1, 0),
  fc.dictionary(fc.string({ maxLength: 5 }), junk, { maxKeys: 2 }),
);
const notAnArray = fc.oneof(
  fc.integer(),
  oddString,
  fc.dictionary(fc.string({ maxLength: 5 }), junk, { minKeys: 1, maxKeys: 2 }),
);

/** An object whose known fields (one to four of them) all have the wrong type: a request no route may accept. */
const wrongTypes = fc
  .tuple(
    fc.subarray([...STRING_FIELDS, ...NUMBER_FIELDS, ...BOOLEAN_FIELDS, ...ARRAY_FIELDS], {
      minLength: 1,
      maxLength: 4,
    }),
    fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 4, maxLength: 4 }),
  )
  .chain(([fields]) =>
    fc.record(
      Object.fromEntries(
        fields.map((field) => [
          field,
          STRING_FIELDS.includes(field)
            ? notAString
            : NUMBER_FIELDS.includes(field)
              ? notANumber
              : BOOLEAN_FIELDS.includes(field)
                ? notABoolean
                : notAnArray,
        ]),
      ),
    ),
  );

// Ids past what the database holds (2^31 and up) answered 500 on PostgreSQL; NUL in a path too.
const pathValue = fc.oneof(
  fc.integer({ min: 1, max: 40 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '99999999999999999999',
    'abc',
    '1.5',
    '%ff',
    'NaN',
    '1e3',
    '2147483647',
    '2147483648',
    '3000000000',
    '\u0000',
    '1\u0000',
  ),
  fc.integer({ min: 900_000, max: 2_000_000_000 }).map(String),
  fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }).map(String),
);

async function snapshot(db: Kysely<Database>): Promise<string> {
  const tables = [
    'students',
    'auth_sessions',
    'email_tokens',
    'batches',
    'course_sessions',
    'programs',
    'student_programs',
    'payments',
    'outbox',
    'quiz_questions',
    'status_changes',
    'quiz_attempts',
    'doubts',
    'settings',
    'webhook_events',
    'test_gateway_payments',
    'program_tests',
    'submissions',
    'code_comments',
    'stored_files',
  ] as const;
  const parts: string[] = [];
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    parts.push(`${table}:${row.n}`);
  }
  const students = await db
    .selectFrom('students')
    .select(['id', 'email', 'student_status', 'student_batch', 'mobile', 'feedback', 'image_path', 'password_hash'])
    .orderBy('id')
    .execute();
  return parts.join(',') + JSON.stringify(students);
}

/**
 * Routes that would end the fuzzing's own sessions (logging out, deleting its student); the matrix test covers them.
 * The notification stream never ends; its own test covers it.
 */
const fuzzable = () =>
  ctx.app.apiRoutes.filter(
    (r) =>
      r.url !== '/students/logout' &&
      !(r.method === 'DELETE' && r.url === '/students/:id') &&
      r.url !== '/api/v1/notifications/stream' &&
      // Live supervision's streams: src/api/live/live-supervision.api.test.ts.
      r.url !== '/api/v1/admin/supervision/stream' &&
      r.url !== '/api/v1/student_programs/:id/stream',
  );

function concrete(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, encodeURIComponent(value));
}

/** A JSON body to a route, as `who`, from an address of its own (so per-IP limits never answer instead). */
function sendJson(route: { method: string; url: string }, id: string, who: string, body: unknown) {
  const token = tokens[who];
  return ctx.app.inject({
    method: route.method as 'POST',
    url: concrete(route.url, id),
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    payload: JSON.stringify(body),
    remoteAddress: `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

describe('fuzzing every route', () => {
  it('keeps its sessions for the whole run', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(tokens.admin!) })).statusCode,
    ).toBe(200);
  });

  it('answers wrong-typed bodies with a JSON 4xx and changes nothing', async () => {
    const routes = fuzzable().filter((r) => r.method !== 'GET');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('anonymous', 'student', 'admin'),
        wrongTypes,
        pathValue,
        async (route, who, body, id) => {
          const before = await snapshot(ctx.database.db);
          const response = await sendJson(route, id, who, body);
          expect(
            response.statusCode,
            `${route.method} ${route.url} ${JSON.stringify(body).slice(0, 200)}`,
          ).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json()).toMatchObject({ errors: expect.any(Array), code: expect.any(String) });
            expect(await snapshot(ctx.database.db), `${route.method} ${route.url}`).toBe(before);
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);

  it("refuses wrong-typed values of a route's own body fields with a JSON 4xx, from anyone, and changes nothing", async () => {
    // Every declared field gets a value no field type accepts (a non-empty object), so no caller may get a 2xx.
    const routes = fuzzable().flatMap((route) =>
      route.body instanceof z.ZodObject ? [{ ...route, fields: Object.keys(route.body.shape) }] : [],
    );
    expect(routes.length).toBeGreaterThan(20);
    const misfit = fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), junk, { minKeys: 1, maxKeys: 3 });
    const request = fc.constantFrom(...routes).chain((route) =>
      fc.tuple(
        fc.constant(route),
        fc
          .subarray(route.fields, { minLength: 1 })
          .chain((fields) => fc.record(Object.fromEntries(fields.map((field) => [field, misfit])))),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        request,
        fc.constantFrom('anonymous', 'student', 'admin'),
        pathValue,
        async ([route, body], who, id) => {
          const before = await snapshot(ctx.database.db);
          const response = await sendJson(route, id, who, body);
          const what = `${who} ${route.method} ${route.url} ${JSON.stringify(body).slice(0, 200)}`;
          expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, what).toBeLessThan(500);
          expect(response.json(), what).toMatchObject({ errors: expect.any(Array), code: expect.any(String) });
          expect(await snapshot(ctx.database.db), what).toBe(before);
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);

  it('never answers 5xx to random JSON, garbage bodies, odd paths and odd queries, on any route', async () => {
    const routes = fuzzable();
    const payload = fc.oneof(
      // Empty and degenerate bodies, often: the cases handlers forget.
      fc.constantFrom('{}', '[]', 'null', '""', '0', '{"":""}').map((body) => ({ type: 'application/json', body })),
      fc.jsonValue({ maxDepth: 3 }).map((v) => ({ type: 'application/json', body: JSON.stringify(v) })),
      oddString.map((s) => ({ type: 'application/json', body: s })),
      fc
        .uint8Array({ maxLength: 200 })
        .map((bytes) => ({ type: 'multipart/form-data; boundary=----x', body: Buffer.from(bytes).toString('latin1') })),
      fc.constant({
        type: 'multipart/form-data; boundary=----x',
        body: '------x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n------x--\r\n',
      }),
      fc.constant({ type: 'text/plain', body: 'hello' }),
      fc.constant({ type: 'application/x-www-form-urlencoded', body: 'a=1&b=%ZZ' }),
    );
    const query = fc.dictionary(
      fc.constantFrom(
        'q',
        'page',
        'per_page',
        'sort',
        'order',
        'format',
        'token',
        'email',
        'student_batch',
        'program_number',
        'status',
        'limit',
        'student_id',
      ),
      oddString,
      { maxKeys: 3 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('anonymous', 'student', 'admin'),
        payload,
        pathValue,
        query,
        async (route, who, input, id, params) => {
          const token = tokens[who];
          const search = new URLSearchParams(params).toString();
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          // Programs sent to the grader would compile: the grader has its own tests, and fuzzing keeps to the API.
          if (
            /\/(run|submissions|try)$/.test(route.url) &&
            input.type === 'application/json' &&
            /"code"/.test(input.body)
          )
            return;
          const response = await ctx.app.inject({
            method: route.method as 'POST',
            url: `${concrete(route.url, id)}${search ? `?${search}` : ''}`,
            headers: { ...(hasBody ? { 'content-type': input.type } : {}), ...(token ? bearer(token) : {}) },
            ...(hasBody ? { payload: input.body } : {}),
            remoteAddress: `10.67.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          });
          expect(
            response.statusCode,
            `${route.method} ${route.url}?${search} ${input.type} ${input.body.slice(0, 120)}`,
          ).toBeLessThan(500);
          const type = String(response.headers['content-type'] ?? '');
          if (response.statusCode >= 400) {
            expect(type, `${route.method} ${route.url}`).toContain('application/json');
            expect(response.json().errors).toEqual(expect.any(Array));
          }
        },
      ),
      { numRuns: 1500 },
    );
  }, 180_000);

  it('answers every degenerate body on every route, for every caller, without a 5xx (an exhaustive sweep)', async () => {
    const problems: string[] = [];
    for (const route of fuzzable()) {
      for (const who of ['anonymous', 'student', 'admin']) {
        for (const body of route.method === 'GET' || route.method === 'DELETE'
          ? [undefined]
          : ['{}', '[]', 'null', '""', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}']) {
          for (const id of ['1', '3', '0']) {
            const token = tokens[who];
            const response = await ctx.app.inject({
              method: route.method as 'POST',
              url: concrete(route.url, id),
              headers: {
                ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
                ...(token ? bearer(token) : {}),
              },
              ...(body !== undefined ? { payload: body } : {}),
              remoteAddress: `10.68.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
            });
            if (response.statusCode >= 500)
              problems.push(`${who} ${route.method} ${concrete(route.url, id)} ${body ?? ''}: ${response.statusCode}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('still has both sessions after fuzzing (so every call above was made as who it says)', async () => {
    for (const who of ['student', 'admin'])
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(tokens[who]!) })).statusCode,
        who,
      ).toBe(200);
  });
});

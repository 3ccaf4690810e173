/**
 * The exact inputs an attack on the running site answered with 500 (on PostgreSQL, some on both databases): ids of
 * 2^31 or more, a NUL character in text fields, a NUL in the admin's search, multipart without a boundary, and batch
 * start dates that are not dates. Each must get a JSON 400/404 and change nothing. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { multipart } from '../../../test/multipart.js';
import type { TestContext } from '../../../test/test-app.js';
import { fieldMessages } from '../../contracts/fields.js';
import type { Database } from '../db/schema.js';

let ctx: TestContext;
let adminToken: string;
let student: { token: string; id: number; email: string };
let studentProgramId: number;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
  student = await verifiedStudent(ctx);
  const admin = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, headers: bearer(adminToken), payload });
  await admin('PATCH', `/students/${student.id}`, { student_status: 1 });
  await admin('POST', '/programs', { program_number: 4401, task: 'Hello' });
  studentProgramId = (
    await admin('POST', '/student_programs', {
      student_id: student.id,
      program_number: 4401,
      task: 'Hello',
      solution: '',
    })
  ).json().id;
}, 60_000);
afterAll(() => ctx.close());

async function snapshot(db: Kysely<Database>): Promise<string> {
  const tables = [
    'students',
    'auth_sessions',
    'course_sessions',
    'programs',
    'student_programs',
    'doubts',
    'code_comments',
    'quiz_attempts',
    'batches',
    'stored_files',
  ] as const;
  const counts = [];
  for (const table of tables)
    counts.push(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rows = await db
    .selectFrom('students')
    .select(['id', 'first_name', 'mobile', 'city', 'student_status'])
    .orderBy('id')
    .execute();
  const sp = await db.selectFrom('student_programs').select(['id', 'draft_code', 'solution']).orderBy('id').execute();
  return JSON.stringify([counts.map(Number), rows, sp]);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function expectRefused(
  method: Method,
  url: string,
  token: string | undefined,
  payload?: object | string,
  headers: Record<string, string> = {},
) {
  const before = await snapshot(ctx.database.db);
  const response = await ctx.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: `10.44.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const what = `${method} ${url} ${typeof payload === 'string' ? payload.slice(0, 80) : JSON.stringify(payload ?? '').slice(0, 80)}`;
  expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
  expect(response.json(), what).toMatchObject({ errors: expect.any(Array), code: expect.any(String) });
  expect(await snapshot(ctx.database.db), what).toBe(before);
  return response;
}

describe('ids the database cannot hold', () => {
  const huge = ['2147483648', '3000000000', '99999999999'];

  it('are refused with 400 in every path, as the admin and as a student', async () => {
    const routes = ctx.app.apiRoutes.filter((route) => /:(id|studentId|submissionId)\b/.test(route.url));
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      for (const id of huge) {
        for (const token of [adminToken, student.token]) {
          const url = route.url.replace(/:(id|studentId)\b/, id).replace(':submissionId', '1');
          const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
          await expectRefused(route.method as Method, url, token, body);
        }
      }
    }
  });

  it('are refused in bodies and queries: student programs, doubts, quiz answers, status changes', async () => {
    for (const id of [2147483648, 3000000000]) {
      await expectRefused('POST', '/student_programs/', adminToken, {
        student_id: id,
        program_number: 4401,
        task: 'Hello',
        solution: '',
      });
      await expectRefused('POST', '/student_programs/', adminToken, {
        student_id: student.id,
        program_number: id,
        task: 'Hello',
        solution: '',
      });
      await expectRefused('POST', '/api/v1/doubts', student.token, { question: 'Why?', session_id: id });
      await expectRefused('POST', '/api/v1/quiz/attempts', student.token, {
        answers: Array.from({ length: 10 }, (_, i) => ({ question_id: id + i, answer_index: 0 })),
      });
      await expectRefused('GET', `/api/v1/admin/status_changes?student_id=${id}`, adminToken);
      await expectRefused('PATCH', `/student_programs/${id}`, student.token, { solution: 'int main(void){return 0;}' });
    }
  });
});

describe('text a database cannot store', () => {
  const nul = 'a\u0000b';
  const bodies: [Method, () => string, () => string, Record<string, unknown>][] = [
    ['POST', () => '/students/login', () => '', { email: 'someone@example.com', password: 'Kernighan#1978' }],
    [
      'POST',
      () => '/students',
      () => '',
      { email: 'nul.signup@example.com', password: 'Kernighan#1978', first_name: 'Nul', last_name: 'Byte' },
    ],
    [
      'PATCH',
      () => `/students/${student.id}`,
      () => student.token,
      {
        mobile: '9876543210',
        city: 'Pune',
        country: 'India',
        study: 'BSc',
        institution: 'College',
        work: 'w',
        office: 'o',
      },
    ],
    ['POST', () => '/api/v1/doubts', () => student.token, { question: 'What is a pointer?' }],
    [
      'PUT',
      () => `/api/v1/student_programs/${studentProgramId}/draft`,
      () => student.token,
      { code: 'int main(void) { return 0; }' },
    ],
    [
      'POST',
      () => `/api/v1/admin/student_programs/${studentProgramId}/comments`,
      () => adminToken,
      { line: 1, body: 'Nice start' },
    ],
    ['POST', () => '/programs/', () => adminToken, { program_number: 4402, task: 'Print hello' }],
    [
      'POST',
      () => '/courses/',
      () => adminToken,
      { session_number: 4402, session_date: '2027-01-04', topics: 'Pointers' },
    ],
    [
      'POST',
      () => '/api/v1/admin/quiz_questions',
      () => adminToken,
      { question: 'Which?', options: ['a', 'b', 'c', 'd'], answer_index: 0 },
    ],
  ];

  it('a NUL in any text field of login, signup, profile, doubts, drafts, comments, tasks, topics and questions: 400, nothing stored', async () => {
    for (const [method, url, token, valid] of bodies) {
      for (const [field, value] of Object.entries(valid)) {
        if (typeof value === 'string') {
          const response = await expectRefused(method, url(), token() || undefined, {
            ...valid,
            [field]: value.replace(/^(.)/, `$1${nul}`),
          });
          expect(response.statusCode, `${url()} ${field}`).toBe(400);
          expect(response.json().errors, `${url()} ${field}`).toEqual([fieldMessages.nulCharacter]);
        }
        if (Array.isArray(value))
          await expectRefused(method, url(), token() || undefined, { ...valid, [field]: [nul, ...value.slice(1)] });
      }
    }
  });

  it('a lone surrogate in JSON text is stored as U+FFFD, the same valid UTF-8 on both databases', async () => {
    // JSON.stringify keeps a lone surrogate as the escape "\ud800", as an attacker's client would send it.
    const payload = JSON.stringify({
      mobile: '9876543210',
      city: 'Ko\ud800chi\udc00',
      country: 'India',
      study: 'BSc',
      institution: 'College',
    });
    expect(payload).toContain('\\ud800');
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${student.id}`,
      headers: { ...bearer(student.token), 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.attributes.city).toBe('Ko\uFFFDchi\uFFFD');
    const { db, dialect } = ctx.database;
    const bytes = await sql<{ hex: string }>`select ${
      dialect === 'sqlite' ? sql`hex(city)` : sql`upper(encode(convert_to(city, 'UTF8'), 'hex'))`
    } as hex from students where id = ${student.id}`.execute(db);
    expect(bytes.rows[0]?.hex).toBe(Buffer.from('Ko\uFFFDchi\uFFFD', 'utf8').toString('hex').toUpperCase());
  });

  it('a NUL in a multipart profile field: 400, nothing stored', async () => {
    const form = multipart({ mobile: '9876543210', city: nul, country: 'India', study: 'BSc', institution: 'College' });
    const response = await expectRefused(
      'PATCH',
      `/students/${student.id}`,
      student.token,
      form.payload as unknown as string,
      form.headers,
    );
    expect(response.json().errors).toEqual([fieldMessages.nulCharacter]);
  });

  it("a NUL in the admin's search: 400, on every list", async () => {
    for (const list of [
      '/students',
      '/students/get_new_students',
      '/students/get_regd_students',
      '/students/get_old_students',
    ]) {
      const response = await expectRefused('GET', `${list}?q=a%00b`, adminToken);
      expect(response.statusCode).toBe(400);
    }
  });

  it("line breaks and control characters in a name or another one-line field: 400, so no mail carries an attacker's lines", async () => {
    const injected = 'Eve\r\nBcc: victim@example.com\r\n\r\nClick http://evil.example';
    await expectRefused('POST', '/students', undefined, {
      email: 'crlf.signup@example.com',
      password: 'Kernighan#1978',
      first_name: injected,
      last_name: 'X',
    });
    await expectRefused('POST', '/students', undefined, {
      email: 'crlf.signup@example.com',
      password: 'Kernighan#1978',
      first_name: 'Eve',
      last_name: 'X\u0007',
    });
    const response = await expectRefused('PATCH', `/students/${student.id}`, student.token, {
      mobile: '9876543210',
      city: 'Pune\nBcc: x',
      country: 'India',
      study: 'BSc',
      institution: 'College',
    });
    expect(response.json().errors).toEqual([
      'City must be one line of text, without line breaks or control characters.',
    ]);
    expect(
      await ctx.database.db
        .selectFrom('outbox')
        .select('id')
        .where('to_address', '=', 'crlf.signup@example.com')
        .execute(),
    ).toEqual([]);
  });
});

describe('bodies that cannot be read', () => {
  it('multipart without a boundary: 400 on the profile and the solution upload', async () => {
    for (const [url, token] of [
      [`/students/${student.id}`, () => student.token],
      [`/student_programs/${studentProgramId}`, () => student.token],
    ] as const) {
      for (const type of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; charset=utf-8',
      ]) {
        const response = await expectRefused('PATCH', url, token(), 'name=value', { 'content-type': type });
        expect(response.statusCode, `${url} ${type}`).toBe(400);
      }
    }
  });

  it('a batch start date that is not a date: 400', async () => {
    for (const start_date of ['x', '', '0000-01-01', '2027-13-45', '2027-02-30', '99999-01-01', '1850-01-01', ' ']) {
      const response = await expectRefused('PUT', '/api/v1/batches/12', adminToken, { start_date });
      expect(response.statusCode, start_date).toBe(400);
    }
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/batches/12',
      headers: bearer(adminToken),
      payload: { start_date: '2027-02-28' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().start_date).toBe('2027-02-28');
  });
});

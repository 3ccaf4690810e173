/**
 * An upgrade loses nothing: a database made by the first day's migrations, with rows in every table, is migrated to
 * today's schema, and every row of every table reads back with the same values in the columns it had. New columns
 * may be added and backfilled; nothing is dropped, rewritten or lost. Runs on SQLite and PostgreSQL.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

/** The last migration of the first set: the schema the site's first release created. */
const FIRST_SET_END = '2026-11-22T2400-content-versions';

let handle: DatabaseHandle;
// The rows of each table as the first schema held them, and the columns it had.
const before = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();

/** Tables with their key, in an order that inserts parents before children. */
const TABLES: [string, string][] = [
  ['students', 'id'],
  ['auth_sessions', 'id'],
  ['email_tokens', 'id'],
  ['batches', 'id'],
  ['course_sessions', 'id'],
  ['programs', 'id'],
  ['program_tests', 'id'],
  ['student_programs', 'id'],
  ['submissions', 'id'],
  ['code_comments', 'id'],
  ['doubts', 'id'],
  ['quiz_questions', 'id'],
  ['quiz_attempts', 'id'],
  ['payments', 'id'],
  ['test_gateway_payments', 'id'],
  ['webhook_events', 'id'],
  ['status_changes', 'id'],
  ['outbox', 'id'],
  ['settings', 'key'],
  ['counters', 'key'],
  ['stored_files', 'name'],
];

async function fillFirstSchema(db: DatabaseHandle['db']) {
  // The first schema's types are not today's: rows are written as that version wrote them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const old = db as any;
  const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
  const student = (n: number, role: string, status: number) => ({
    email: `first${n}@example.com`,
    password_hash: `$argon2id$hash${n}`,
    role,
    first_name: `First${n}`,
    last_name: 'Release',
    mobile: '9876543210',
    city: 'Kochi',
    country: 'India',
    study: 'BSc',
    institution: 'CET',
    work: 'Student',
    office: null,
    activated: 1,
    student_status: status,
    student_batch: status > 0 ? 7 : null,
    uniq_id: `CP-FIRST00${n}`,
    image_path: null,
    feedback: status === 2 ? 'Pointers made sense at last.' : null,
  });
  const ids = (
    await old
      .insertInto('students')
      .values([student(1, 'admin', 0), student(2, 'student', 1), student(3, 'student', 2), student(4, 'student', 0)])
      .returning('id')
      .execute()
  ).map((row: { id: number }) => row.id) as number[];
  const [admin, paid, done, fresh] = ids as [number, number, number, number];
  await old
    .insertInto('auth_sessions')
    .values({ student_id: paid, token_hash: 'a'.repeat(64), expires_at: at(30) })
    .execute();
  await old
    .insertInto('email_tokens')
    .values({ student_id: fresh, purpose: 'verify_email', token_hash: 'b'.repeat(64), expires_at: at(25) })
    .execute();
  await old
    .insertInto('batches')
    .values({ batch_number: 7, start_date: '2026-12-01', meeting_link: 'https://meet.example.com/b7' })
    .execute();
  await old
    .insertInto('course_sessions')
    .values({ session_number: 1, session_date: '2026-12-01', topics: 'Introduction', lesson_video: 'dQw4w9WgXcQ' })
    .execute();
  const program = await old
    .insertInto('programs')
    .values({ program_number: 1, task: 'Print hello', starter_code: 'int main(void) { return 0; }' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await old
    .insertInto('program_tests')
    .values({ program_id: program.id, position: 1, stdin: '', expected_output: 'hello\n', visible: 1, points: 1 })
    .execute();
  const sp = await old
    .insertInto('student_programs')
    .values({ student_id: paid, program_number: 1, task: 'Print hello', solution: 'int main(){}', draft_code: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await old
    .insertInto('submissions')
    .values({ student_program_id: sp.id, code: 'int main(){}', status: 'graded', score: 1, total: 1, result: '{}' })
    .execute();
  await old
    .insertInto('code_comments')
    .values({ student_program_id: sp.id, line: 1, body: 'Use printf.', author_id: admin, author_name: 'Teacher' })
    .execute();
  await old
    .insertInto('doubts')
    .values({ student_id: paid, question: 'Why pointers?', answer: 'Addresses.' })
    .execute();
  await old
    .insertInto('quiz_questions')
    .values({ question: 'Size of char?', options: JSON.stringify(['1', '2', '4', '8']), answer_index: 0 })
    .execute();
  await old.insertInto('quiz_attempts').values({ student_id: paid, score: 7, total: 10, review: '[]' }).execute();
  await old
    .insertInto('payments')
    .values([
      {
        student_id: paid,
        student_email: 'first2@example.com',
        order_id: 'order_firstRelease1',
        payment_id: 'pay_firstRelease1',
        amount: 300000,
        currency: 'INR',
        status: 'captured',
        paid_via: 'checkout',
        paid_at: at(23),
        open_for_student: null,
      },
      {
        student_id: fresh,
        student_email: 'first4@example.com',
        order_id: 'order_firstRelease2',
        payment_id: null,
        amount: 300000,
        currency: 'INR',
        status: 'created',
        paid_via: null,
        paid_at: null,
        open_for_student: fresh,
      },
    ])
    .execute();
  await old
    .insertInto('test_gateway_payments')
    .values({
      payment_id: 'pay_test1',
      order_id: 'order_firstRelease1',
      amount: 300000,
      currency: 'INR',
      status: 'captured',
    })
    .execute();
  await old.insertInto('webhook_events').values({ event_id: 'evt_1', event: 'payment.captured' }).execute();
  await old
    .insertInto('status_changes')
    .values({
      student_id: done,
      student_email: 'first3@example.com',
      from_status: 1,
      to_status: 2,
      changed_by: admin,
      changed_by_email: 'first1@example.com',
    })
    .execute();
  await old
    .insertInto('outbox')
    .values({
      to_address: 'first4@example.com',
      subject: 'Verify your email',
      text_body: 'Hello',
      html_body: '<p>Hello</p>',
    })
    .execute();
  await old.insertInto('settings').values({ key: 'first.release', value: 'kept' }).execute();
  await old
    .insertInto('counters')
    .values({ key: 'first-release', count: 3, reset_at: at(30) })
    .execute();
  await old
    .insertInto('stored_files')
    .values({
      name: 'first.webp',
      content_type: 'image/webp',
      content: Buffer.from([1, 2, 3]),
      size: 3,
      created_at: at(22),
    })
    .execute();
}

/** Every row of a table, the given columns only, in key order; binary columns as hex so they compare as text. */
async function rowsOf(db: DatabaseHandle['db'], table: string, key: string, columns: string[]) {
  const result = await sql<Record<string, unknown>>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(
    table,
  )} order by ${sql.ref(key)}`.execute(db);
  return result.rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString('hex') : v])),
  );
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateTo(FIRST_SET_END);
  expect(down.error).toBeUndefined();
  // The test database came migrated: empty what later migrations' seeds or defaults put in.
  for (const [table] of [...TABLES].reverse()) await handle.db.deleteFrom(table as 'students').execute();
  await fillFirstSchema(handle.db);
  const tables = new Map((await handle.db.introspection.getTables()).map((t) => [t.name, t]));
  for (const [table, key] of TABLES) {
    const columns = tables.get(table)!.columns.map((c) => c.name);
    before.set(table, { columns, rows: await rowsOf(handle.db, table, key, columns) });
  }
  await migrateToLatest(handle.db);
}, 60_000);
afterAll(() => handle.destroy());

describe('an upgrade from the first release to today', () => {
  it('had a row in every table of the first schema', () => {
    for (const [table] of TABLES) expect(before.get(table)!.rows.length, table).toBeGreaterThan(0);
  });

  it('keeps every row of every table, with the values it had in every column it had', async () => {
    for (const [table, key] of TABLES) {
      const { columns, rows } = before.get(table)!;
      const after = await rowsOf(handle.db, table, key, columns);
      // Later migrations add rows of their own to some tables (settings' defaults, counters): the first ones stay.
      if (table === 'settings' || table === 'counters') {
        for (const row of rows) expect(after, table).toContainEqual(row);
      } else expect(after, table).toEqual(rows);
    }
  });
});

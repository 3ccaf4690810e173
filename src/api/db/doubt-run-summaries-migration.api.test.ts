/**
 * An upgrade from when the doubt lists sent every doubt's whole run: the migration summarises the runs already
 * stored, so the lists show them (step, line, sizes) without reading them, and the teacher still opens each one.
 * A stored run this version can't read gets no summary. Runs on SQLite and PostgreSQL.
 */
import { Migrator } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { doubtMessages } from '../../contracts/doubts.js';
import { hashPassword } from '../auth/password-hash.js';
import { buildApp } from '../app.js';
import { parseConfig } from '../config/env.js';
import type { DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

let handle: DatabaseHandle & { url: string };
let app: FastifyInstance;
const ids = { withRun: 0, unreadable: 0, plain: 0 };
const run = {
  code: 'int main(void) {\n  char *s = "né";\n  return s[5];\n}\n',
  stdin: '7',
  files: [{ name: 'data.txt', content: 'ünï' }],
  step: 4,
  line: 3,
};

beforeAll(async () => {
  handle = await createTestDatabase();
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateTo('2026-12-01T0300-doubt-steps');
  expect(down.error).toBeUndefined();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of that time, without today's columns
  const db = handle.db as any;
  const teacherHash = await hashPassword('Teacher#2026x');
  const person = (email: string, role: 'admin' | 'student') => ({
    email,
    password_hash: role === 'admin' ? teacherHash : 'x',
    first_name: 'Old',
    last_name: role,
    uniq_id: `CP-${email.slice(0, 6).toUpperCase()}`,
    activated: 1,
    role,
    student_status: 1,
  });
  const [, student] = await db
    .insertInto('students')
    .values([person('teacher@example.com', 'admin'), person('asker@example.com', 'student')])
    .returning('id')
    .execute();
  const doubt = (question: string, trace: string | null) => ({ student_id: student.id, question, trace });
  // More rows than the migration reads at once, so it goes on past its first batch.
  const filler = Array.from({ length: 25 }, (_, n) => doubt(`Filler ${n}`, JSON.stringify({ ...run, step: n })));
  const [withRun, unreadable, plain] = await db
    .insertInto('doubts')
    .values([doubt('With a run', JSON.stringify(run)), doubt('Unreadable', '{"code": 4'), doubt('Plain', null)])
    .returning('id')
    .execute();
  await db.insertInto('doubts').values(filler).execute();
  Object.assign(ids, { withRun: withRun.id, unreadable: unreadable.id, plain: plain.id });

  await migrateToLatest(handle.db);
  const config = parseConfig({ NODE_ENV: 'test', APP_URL: 'http://course.test', DATABASE_URL: handle.url });
  app = await buildApp({ config, db: handle.db, dialect: handle.dialect, accountWriteLimits: { perMinute: 1000 } });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app.close();
  await handle.destroy();
});

describe('migration 2026-12-02T0100-doubt-run-summaries', () => {
  it('summarises the stored runs; the list shows the summaries and the teacher opens the run', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/students/login',
      payload: { email: 'teacher@example.com', password: 'Teacher#2026x' },
    });
    const admin = bearer(login.json().meta.token as string);
    const list = await app.inject({ method: 'GET', url: '/api/v1/admin/doubts?limit=100', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const summaries = new Map(
      list.json().items.map((d: { question: string; run: unknown }) => [d.question, d.run] as const),
    );
    expect(summaries.get('With a run')).toEqual({
      step: 4,
      line: 3,
      code_bytes: Buffer.byteLength(run.code),
      stdin_bytes: 1,
      files: 1,
      files_bytes: 5,
    });
    expect(summaries.get('Unreadable')).toBeNull();
    expect(summaries.get('Plain')).toBeNull();
    // Every filler was reached, past the migration's first batch of rows.
    for (let n = 0; n < 25; n++) expect(summaries.get(`Filler ${n}`)).toMatchObject({ step: n, line: 3 });
    expect(list.body).not.toContain('data.txt');

    const opened = await app.inject({ method: 'GET', url: `/api/v1/admin/doubts/${ids.withRun}/run`, headers: admin });
    // A run stored before arguments were kept reads back with none.
    expect(opened.json()).toEqual({ args: [], ...run });
    for (const id of [ids.unreadable, ids.plain]) {
      const none = await app.inject({ method: 'GET', url: `/api/v1/admin/doubts/${id}/run`, headers: admin });
      expect([none.statusCode, none.json().errors]).toEqual([404, [doubtMessages.noRun]]);
    }
  });
});

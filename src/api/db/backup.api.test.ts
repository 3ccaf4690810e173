import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { signup, uniqueEmail } from '../../../test/accounts-helpers.js';
import { testDialect } from '../../../test/test-database.js';
import { buildApp } from '../app.js';
import { parseConfig } from '../config/env.js';
import { backupDatabase, restoreDatabase } from './backup.js';
import { type DatabaseHandle, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

const dir = mkdtempSync(join(tmpdir(), 'course-backup-'));
const made: string[] = [];

/** A database of the dialect under test that lives in a file or a real PostgreSQL database (not in memory). */
async function freshUrl(): Promise<string> {
  if (testDialect() === 'sqlite') return `sqlite:${join(dir, `db-${made.push('x')}.db`)}`;
  const adminUrl = inject('pgAdminUrl');
  const name = `backup_${Date.now().toString(36)}_${made.length}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  made.push(name);
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

let sourceUrl: string;
let source: DatabaseHandle;

beforeAll(async () => {
  sourceUrl = await freshUrl();
  source = openDatabase(sourceUrl);
  await migrateToLatest(source.db);
});

afterAll(async () => {
  await source.destroy();
  if (testDialect() === 'postgres') {
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
});

const emails = async (db: DatabaseHandle) =>
  (await db.db.selectFrom('students').select('email').execute()).map((r) => r.email).sort();

describe('backup and restore', () => {
  it('copies the database while the site writes, and a restore brings back every record of the copy', async () => {
    const config = parseConfig({ NODE_ENV: 'test', DATABASE_URL: sourceUrl, APP_URL: 'http://course.test' });
    const app = await buildApp({
      config,
      db: source.db,
      dialect: source.dialect,
      ipRateLimits: { login: 1000, signup: 1000, email: 1000 },
    });
    await app.ready();
    for (let i = 0; i < 5; i += 1) expect((await signup(app, uniqueEmail('before'))).statusCode).toBe(201);
    const atStart = await emails(source);

    // Signups keep arriving while the copy is made.
    const file = join(dir, testDialect() === 'sqlite' ? 'copy.db' : 'copy.dump');
    const during = Promise.all(Array.from({ length: 5 }, () => signup(app, uniqueEmail('during'))));
    await backupDatabase(sourceUrl, file);
    await during;
    const atEnd = await emails(source);
    for (let i = 0; i < 3; i += 1) await signup(app, uniqueEmail('after'));
    await app.close();

    const targetUrl = await freshUrl();
    await restoreDatabase(targetUrl, file);
    const restored = openDatabase(targetUrl);
    try {
      const back = await emails(restored);
      // Every record there when the copy began is back; nothing written after it ended is.
      for (const email of atStart) expect(back).toContain(email);
      for (const email of back) expect(atEnd).toContain(email);
      expect(back.some((e) => e.startsWith('after'))).toBe(false);
      // The copy is a whole, consistent database: each student's outbox mail came with them.
      const outbox = await restored.db.selectFrom('outbox').select('to_address').execute();
      for (const email of back) expect(outbox.map((m) => m.to_address)).toContain(email);
      // And the site runs on it: migrations are all there.
      expect(await migrateToLatest(restored.db)).toEqual([]);
    } finally {
      await restored.destroy();
    }
  });

  it('restores a backup taken before an upgrade into the upgraded database, and brings it up to this version', async () => {
    const url = await freshUrl();
    const handle = openDatabase(url);
    const file = join(dir, testDialect() === 'sqlite' ? 'before-upgrade.db' : 'before-upgrade.dump');
    try {
      // The database as an older version left it, with a student in it.
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      const names = Object.keys(migrations);
      const older = names[names.indexOf('2026-11-27T0150-certificates') - 1]!;
      expect((await migrator.migrateTo(older)).error).toBeUndefined();
      const student = (email: string) => ({
        email,
        password_hash: 'x',
        first_name: 'Restored',
        last_name: 'Student',
        uniq_id: `CP-${email.slice(0, 8).toUpperCase()}`,
        activated: 1,
      });
      await handle.db.insertInto('students').values(student('kept@example.com')).execute();
      await backupDatabase(url, file);

      // The upgrade, and life after it: a student, a certificate and a refund due that point at students.
      expect((await migrateToLatest(handle.db)).length).toBeGreaterThan(3);
      const later = await handle.db
        .insertInto('students')
        .values(student('later@example.com'))
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.db
        .insertInto('certificates')
        .values({
          code: 'K7QM-2XRT-9VDA',
          student_id: later.id,
          student_name: 'Later Student',
          course: 'C',
          teacher_name: 'T',
          issued_at: '2027-01-01T00:00:00.000Z',
        })
        .execute();
    } finally {
      await handle.destroy();
    }

    const applied = await restoreDatabase(url, file);
    expect(applied.length).toBeGreaterThan(3);
    const restored = openDatabase(url);
    try {
      expect(await emails(restored)).toEqual(['kept@example.com']);
      expect(await restored.db.selectFrom('certificates').select('code').execute()).toEqual([]);
      expect(await migrateToLatest(restored.db)).toEqual([]);
    } finally {
      await restored.destroy();
    }
  });
});

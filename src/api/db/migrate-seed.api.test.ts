import argon2 from 'argon2';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import { type DatabaseHandle, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { DEFAULT_ADMIN_EMAIL, seedIfEmpty } from './seed.js';
import { sampleFileExercise, samplePrograms, sampleQuizQuestions, sampleSessions } from './seed-content.js';

let handle: DatabaseHandle & { url: string };
beforeEach(async () => {
  handle = await createTestDatabase();
});
afterEach(() => handle.destroy());

const count = async (table: 'students' | 'course_sessions' | 'programs' | 'quiz_questions') =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('migrations and seed', () => {
  it('are idempotent: a second migration run applies nothing', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('creates every entity table of the product', async () => {
    const tables = (await handle.db.introspection.getTables()).map((table) => table.name);
    for (const name of [
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
    ]) {
      expect(tables).toContain(name);
    }
  });

  it('seeds an empty database with a generated admin and sample content', async () => {
    const result = await seedIfEmpty(handle.db, { admin: { email: undefined, password: undefined } });
    expect(result.seeded).toBe(true);
    expect(result.admin?.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(result.admin?.generated).toBe(true);
    const admin = await handle.db
      .selectFrom('students')
      .selectAll()
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.activated).toBe(1);
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(admin.password_hash, result.admin?.password ?? '')).toBe(true);
    expect(await count('course_sessions')).toBe(sampleSessions.length);
    expect(await count('programs')).toBe(samplePrograms.length);
    // The file-handling exercise has its tests and a rubric to grade by hand.
    const fileProgram = await handle.db
      .selectFrom('programs')
      .select(['id', 'rubric'])
      .where('program_number', '=', sampleFileExercise.programNumber)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(fileProgram.rubric)).toEqual(sampleFileExercise.rubric);
    const fileTests = await handle.db.selectFrom('program_tests').select('id').where('program_id', '=', fileProgram.id);
    expect(await fileTests.execute()).toHaveLength(sampleFileExercise.tests.length);
    expect(await count('quiz_questions')).toBe(sampleQuizQuestions.length);
    expect(sampleQuizQuestions.length).toBeGreaterThanOrEqual(10);
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when they are set', async () => {
    const result = await seedIfEmpty(handle.db, { admin: { email: 'teacher@example.com', password: 'Teacher#2026' } });
    expect(result.admin).toEqual({ email: 'teacher@example.com', password: 'Teacher#2026', generated: false });
  });

  it('does nothing when the database already has data', async () => {
    await seedIfEmpty(handle.db, { admin: { email: undefined, password: undefined } });
    await handle.db.deleteFrom('programs').execute();
    const again = await seedIfEmpty(handle.db, { admin: { email: undefined, password: undefined } });
    expect(again).toEqual({ seeded: false });
    expect(await count('students')).toBe(1);
    expect(await count('programs')).toBe(0);
  });

  it('enforces the student status values and unique emails in the database itself', async () => {
    const base = { password_hash: 'x', first_name: 'A', last_name: 'B' };
    await handle.db
      .insertInto('students')
      .values({ ...base, email: 'a@example.com', uniq_id: 'CP-1' })
      .execute();
    await expect(
      handle.db
        .insertInto('students')
        .values({ ...base, email: 'a@example.com', uniq_id: 'CP-2' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insertInto('students')
        .values({ ...base, email: 'b@example.com', uniq_id: 'CP-3', student_status: 7 })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps payment records when a student is deleted', async () => {
    const { id } = await handle.db
      .insertInto('students')
      .values({ password_hash: 'x', first_name: 'A', last_name: 'B', email: 'p@example.com', uniq_id: 'CP-P' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('payments')
      .values({ student_id: id, student_email: 'p@example.com', order_id: 'order_1', amount: 300000, currency: 'INR' })
      .execute();
    await handle.db.deleteFrom('students').where('id', '=', id).execute();
    const payment = await handle.db.selectFrom('payments').selectAll().executeTakeFirstOrThrow();
    expect(payment.student_id).toBeNull();
    expect(payment.student_email).toBe('p@example.com');
  });
});

describe('PostgreSQL connections', () => {
  it('prepare each query once per connection and reuse it with new parameters', async () => {
    if (handle.dialect !== 'postgres') return;
    const prepared = await handle.db.connection().execute(async (connection) => {
      for (const n of [1, 2, 3])
        await connection.selectFrom('course_sessions').select('topics').where('session_number', '=', n).execute();
      return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
    });
    const sessionQueries = prepared.rows.filter((row) =>
      row.statement.includes('from "course_sessions" where "session_number" = $1'),
    );
    expect(sessionQueries).toHaveLength(1);
  });

  it('name what failed and what to do when the role may not create tables (it must own the database)', async () => {
    if (handle.dialect !== 'postgres') return;
    const suffix = Math.random().toString(16).slice(2, 10);
    const [role, database] = [`visitor_${suffix}`, `not_owned_${suffix}`];
    await sql`create role ${sql.id(role)} login`.execute(handle.db);
    await sql`create database ${sql.id(database)}`.execute(handle.db);
    const url = new URL(handle.url);
    url.username = role;
    url.password = '';
    url.pathname = `/${database}`;
    const visitor = openDatabase(url.toString());
    try {
      await expect(migrateToLatest(visitor.db)).rejects.toThrow(
        /^Setting up the migrations \(the kysely_migration tables\) failed: permission denied for schema public\. The database role must own the database: ALTER DATABASE <database> OWNER TO <role>;$/,
      );
    } finally {
      await visitor.destroy();
      await sql`drop database ${sql.id(database)} with (force)`.execute(handle.db);
      await sql`drop role ${sql.id(role)}`.execute(handle.db);
    }
  });
});

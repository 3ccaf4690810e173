/**
 * An upgrade from before the status history linked a Paid mark to its manual payment: the migration links them, so
 * undoing such a mark voids the payment (the student is Unpaid with no Paid receipt, can pay, and the fees count
 * once). It also marks the orders retired before it as retired. Runs on SQLite and PostgreSQL.
 */
import { hashPassword } from '../auth/password-hash.js';
import { Migrator } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../app.js';
import { parseConfig } from '../config/env.js';
import type { DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

let handle: DatabaseHandle & { url: string };
let app: FastifyInstance;
const ids = { admin: 0, student: 0, manual: 0, retired: 0, open: 0 };

beforeAll(async () => {
  handle = await createTestDatabase();
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const names = Object.keys(migrations);
  const down = await migrator.migrateTo(names[names.indexOf('2026-11-27T0200-status-receipts') - 1]!);
  expect(down.error).toBeUndefined();
  const db = handle.db;
  const person = (email: string, role: 'admin' | 'student', status: number, hash = 'x') => ({
    email,
    password_hash: hash,
    first_name: 'Old',
    last_name: role,
    uniq_id: `CP-${email.slice(0, 6).toUpperCase()}`,
    activated: 1,
    role,
    student_status: status,
  });
  const [admin, student, other] = await db
    .insertInto('students')
    .values([
      person('teacher@example.com', 'admin', 0, await hashPassword('Teacher#2026x')),
      person('paidold@example.com', 'student', 1),
      person('orders@example.com', 'student', 0),
    ])
    .returning('id')
    .execute();
  ids.admin = admin!.id;
  ids.student = student!.id;
  // The teacher's Paid mark of that time: a manual payment and a status change, a few milliseconds apart.
  const manual = await db
    .insertInto('payments')
    .values({
      student_id: ids.student,
      student_email: 'paidold@example.com',
      order_id: 'manual_0a1b2c3d4e5f60718293',
      amount: 300000,
      currency: 'INR',
      status: 'captured',
      paid_via: 'manual',
      paid_at: '2026-10-05T09:00:00.010Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.manual = manual.id;
  await db
    .insertInto('status_changes')
    .values({
      student_id: ids.student,
      student_email: 'paidold@example.com',
      from_status: 0,
      to_status: 1,
      changed_by: ids.admin,
      changed_by_email: 'teacher@example.com',
      created_at: '2026-10-05T09:00:00.020Z',
    })
    .execute();
  // An order replaced when the fee changed, and the open one that replaced it.
  const order = (orderId: string, open: boolean) => ({
    student_id: other!.id,
    student_email: 'orders@example.com',
    order_id: orderId,
    amount: open ? 500000 : 300000,
    currency: 'INR',
    open_for_student: open ? other!.id : null,
    failure_reason: open ? null : 'Replaced by a new order after the course fee changed.',
  });
  const [retired, open] = await db
    .insertInto('payments')
    .values([order('order_replacedOld1', false), order('order_currentNew1', true)])
    .returning('id')
    .execute();
  ids.retired = retired!.id;
  ids.open = open!.id;

  await migrateToLatest(db);
  const config = parseConfig({ NODE_ENV: 'test', APP_URL: 'http://course.test', DATABASE_URL: handle.url });
  app = await buildApp({ config, db, dialect: handle.dialect, accountWriteLimits: { perMinute: 1000 } });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app.close();
  await handle.destroy();
});

describe('migration 2026-11-29T0200-payment-refunds', () => {
  it('links an old Paid mark to its manual payment, so its undo voids the payment and the fee counts once', async () => {
    const change = await handle.db
      .selectFrom('status_changes')
      .select('payment_id')
      .where('student_id', '=', ids.student)
      .executeTakeFirstOrThrow();
    expect(change.payment_id).toBe(ids.manual);

    const login = await app.inject({
      method: 'POST',
      url: '/students/login',
      payload: { email: 'teacher@example.com', password: 'Teacher#2026x' },
    });
    const admin = bearer(login.json().meta.token as string);
    const fees = async () =>
      (await app.inject({ method: 'GET', url: '/api/v1/admin/overview', headers: admin })).json().fees.paise;
    expect(await fees()).toBe(300000);
    const undo = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/students/${ids.student}/revert`,
      headers: admin,
      payload: { reason: 'Marked paid by mistake' },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const payment = await handle.db
      .selectFrom('payments')
      .select(['status', 'failure_reason'])
      .where('id', '=', ids.manual)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('failed');
    expect(await fees()).toBe(0);
  });

  it('marks orders replaced before it as retired, and leaves the open order payable', async () => {
    const rows = await handle.db
      .selectFrom('payments')
      .select(['id', 'retired_at'])
      .where('id', 'in', [ids.retired, ids.open, ids.manual])
      .orderBy('id')
      .execute();
    const retired = new Map(rows.map((row) => [row.id, row.retired_at !== null]));
    expect(retired.get(ids.retired)).toBe(true);
    expect(retired.get(ids.open)).toBe(false);
    expect(retired.get(ids.manual)).toBe(false);
  });
});

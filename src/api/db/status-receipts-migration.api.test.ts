import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  // Back to the database as it was before 2026-11-27T0200-status-receipts, with data of that time.
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const names = Object.keys(migrations);
  const down = await migrator.migrateTo(names[names.indexOf('2026-11-27T0200-status-receipts') - 1]!);
  expect(down.error).toBeUndefined();
  const db = handle.db;
  const student = (n: number, status: number, feedback: string | null) => ({
    email: `old${n}@example.com`,
    password_hash: 'x',
    first_name: `Old${n}`,
    last_name: 'Student',
    uniq_id: `CP-OLD${n}`,
    activated: 1,
    student_status: status,
    feedback,
  });
  const ids = await db
    .insertInto('students')
    .values([
      student(1, 2, 'Was on the landing page'),
      student(2, 1, 'Written before a status change'),
      student(3, 2, null),
    ])
    .returning('id')
    .execute();
  const payment = (order: string, status: 'captured' | 'created', paidAt: string | null) => ({
    student_id: ids[0]!.id,
    student_email: 'old1@example.com',
    order_id: order,
    amount: 300000,
    currency: 'INR',
    status,
    paid_at: paidAt,
  });
  // Inserted out of the order they were paid in.
  await db
    .insertInto('payments')
    .values([
      payment('order_second', 'captured', '2026-10-02T10:00:00.000Z'),
      payment('order_unpaid', 'created', null),
      payment('order_first', 'captured', '2026-10-01T10:00:00.000Z'),
    ])
    .execute();
  await migrateToLatest(handle.db);
});
afterAll(() => handle.destroy());

describe('migration 2026-11-27T0200-status-receipts', () => {
  it('numbers the payments captured so far in the order they were paid, and continues after them', async () => {
    const rows = await handle.db.selectFrom('payments').select(['order_id', 'receipt_number']).orderBy('id').execute();
    expect(rows).toEqual([
      { order_id: 'order_second', receipt_number: 'RCPT-000002' },
      { order_id: 'order_unpaid', receipt_number: null },
      { order_id: 'order_first', receipt_number: 'RCPT-000001' },
    ]);
    const counter = await handle.db
      .selectFrom('counters')
      .select('count')
      .where('key', '=', 'receipt_number')
      .executeTakeFirstOrThrow();
    expect(Number(counter.count)).toBe(2);
  });

  it('keeps feedback that was public approved, and puts any other feedback in the queue', async () => {
    const rows = await handle.db
      .selectFrom('students')
      .select(['email', 'feedback_state'])
      .where('email', 'like', 'old%')
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'old1@example.com', feedback_state: 'approved' },
      { email: 'old2@example.com', feedback_state: 'pending' },
      { email: 'old3@example.com', feedback_state: null },
    ]);
  });
});

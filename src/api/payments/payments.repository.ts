import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { STUDENT_STATUS } from '../../contracts/course.js';
import {
  type ManualPaymentMethod,
  type PaidVia,
  PAYMENT_CURRENCY,
  type PaymentStatus,
} from '../../contracts/payments.js';
import { nowIso } from '../db/clock.js';
import { withBooleans } from '../db/flags.js';
import type { Db } from '../db/schema.js';

/** Order ids of rows whose gateway order is still being made; never shown to a gateway or a person. */
export const PLACEHOLDER_PREFIX = 'pending_';
const MANUAL_PREFIX = 'manual_';

export const isPlaceholder = (orderId: string) => orderId.startsWith(PLACEHOLDER_PREFIX);

export function findPaymentByOrderId(db: Db, orderId: string) {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export function findPaymentById(db: Db, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPaymentById>>>;

/** Whether a row already holds this gateway payment id. */
export async function isPaymentIdUsed(db: Db, paymentId: string): Promise<boolean> {
  const row = await db.selectFrom('payments').select('id').where('payment_id', '=', paymentId).executeTakeFirst();
  return Boolean(row);
}

export function findOpenOrder(db: Db, studentId: number) {
  return db.selectFrom('payments').selectAll().where('open_for_student', '=', studentId).executeTakeFirst();
}

/** Reserves the student's one open order before the gateway is asked; the unique index refuses a second. */
export async function insertPlaceholderOrder(
  db: Db,
  student: { id: number; email: string },
  amount: number,
): Promise<number> {
  const row = await db
    .insertInto('payments')
    .values({
      student_id: student.id,
      student_email: student.email,
      order_id: `${PLACEHOLDER_PREFIX}${randomBytes(12).toString('hex')}`,
      amount,
      currency: PAYMENT_CURRENCY,
      open_for_student: student.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores the gateway's order id on the reserved row. */
export async function setGatewayOrderId(db: Db, id: number, orderId: string, now: Date): Promise<void> {
  await db
    .updateTable('payments')
    .set({ order_id: orderId, updated_at: nowIso(now) })
    .where('id', '=', id)
    .execute();
}

/**
 * An open order that is not paid stops being the student's open order, with the reason why, and is never captured
 * after: a payment made for it anyway is a refund due.
 */
export async function retireOpenOrder(db: Db, id: number, reason: string, now: Date): Promise<void> {
  const stamp = nowIso(now);
  await db
    .updateTable('payments')
    .set({ open_for_student: null, failure_reason: reason, retired_at: stamp, updated_at: stamp })
    .where('id', '=', id)
    .where('status', '!=', 'captured')
    .execute();
}

/** Deletes a row; with `orderId`, only while it still holds that order id. */
export async function deletePayment(db: Db, id: number, orderId?: string): Promise<void> {
  let query = db.deleteFrom('payments').where('id', '=', id);
  if (orderId !== undefined) query = query.where('order_id', '=', orderId);
  await query.execute();
}

/** An unpaid student becomes paid; any other status stays. Returns whether the status changed. */
export async function markStudentPaid(db: Db, studentId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('students')
    .set({ student_status: STUDENT_STATUS.paid, updated_at: nowIso(now) })
    .where('id', '=', studentId)
    .where('student_status', '=', STUDENT_STATUS.unpaid)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a webhook's event id; false when it was recorded before (a repeated delivery). */
export async function recordWebhookEvent(db: Db, eventId: string, event: string): Promise<boolean> {
  const inserted = await db
    .insertInto('webhook_events')
    .values({ event_id: eventId, event })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Unpaid gateway orders made between `from` and `to`, least recently checked first. */
export function listUnpaidOrdersMadeBetween(db: Db, from: string, to: string, limit: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', 'in', ['created', 'failed'])
    .where('order_id', 'not like', `${PLACEHOLDER_PREFIX}%`)
    .where('created_at', '<=', to)
    .where('created_at', '>=', from)
    .orderBy('checked_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a check of the order: only if `checked_at` is still what this process read, so two processes never ask
 * about the same order at the same time. Returns whether this process got it.
 */
export async function claimCheck(
  db: Db,
  row: { id: number; checked_at: string | null; check_count: number },
  now: string,
): Promise<boolean> {
  let claim = db
    .updateTable('payments')
    .set({ checked_at: now, check_count: row.check_count + 1 })
    .where('id', '=', row.id);
  claim =
    row.checked_at === null ? claim.where('checked_at', 'is', null) : claim.where('checked_at', '=', row.checked_at);
  return Number((await claim.executeTakeFirst()).numUpdatedRows) === 1;
}

/**
 * Marks the order paid by this payment, only if it isn't paid yet: of two deliveries racing (callback and
 * webhook), exactly one update matches. Returns whether this call was the one.
 */
export async function markCaptured(db: Db, id: number, paymentId: string, via: PaidVia, now: Date): Promise<boolean> {
  const stamp = nowIso(now);
  const result = await db
    .updateTable('payments')
    .set({
      status: 'captured',
      payment_id: paymentId,
      paid_via: via,
      paid_at: stamp,
      updated_at: stamp,
      open_for_student: null,
      // The reason of an attempt that failed before stays: the teacher's list says it was paid after one.
    })
    .where('id', '=', id)
    .where('status', '!=', 'captured')
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a payment received that is not credited (a retired order's, or a second one), once per payment id: it
 * is money to give back at the gateway. Returns whether this call recorded it.
 */
export async function insertRefundDue(
  db: Db,
  row: { id: number; student_id: number | null; student_email: string },
  payment: { id: string; amount: number; currency: string; reason: string; via: PaidVia },
): Promise<boolean> {
  const inserted = await db
    .insertInto('refunds_due')
    .values({
      payment_row_id: row.id,
      student_id: row.student_id,
      student_email: row.student_email,
      payment_id: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      reason: payment.reason,
      received_via: payment.via,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Refunds due, those not refunded yet first, newest first. */
export function listRefundsDue(db: Db, limit = 200) {
  return db
    .selectFrom('refunds_due as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_row_id')
    .select([
      'r.id',
      'r.student_id',
      'r.student_email',
      'r.payment_id',
      'r.amount',
      'r.currency',
      'r.reason',
      'r.received_via',
      'r.created_at',
      'r.refunded_at',
      'p.order_id',
    ])
    .orderBy(sql`case when r.refunded_at is null then 0 else 1 end`)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** The teacher refunded it at the gateway; false when there is no such refund or it was marked already. */
export async function markRefunded(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('refunds_due')
    .set({ refunded_at: nowIso(now) })
    .where('id', '=', id)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The counters row that holds the last receipt number given (set up by migration 2026-11-27T0200). */
const RECEIPT_COUNTER = 'receipt_number';

/**
 * Gives a captured payment its receipt number, once, in the capture's own transaction. The next number comes from
 * one counters row, incremented in place: on PostgreSQL a second capture waits for this transaction's row lock,
 * and a capture rolled back gives its number back, so the numbers have no gaps. The unique index is the backstop.
 * Call it last in the transaction: the counter is the one lock every capture shares, so it is held briefly, and
 * always after the student's row (a capture and the teacher's Paid mark lock the two in the same order, so they
 * cannot deadlock).
 */
export async function assignReceiptNumber(db: Db, id: number): Promise<string> {
  const next = await db
    .insertInto('counters')
    .values({ key: RECEIPT_COUNTER, count: 1, reset_at: '9999-12-31T23:59:59.999Z' })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: sql<number>`counters.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('payments')
    .set({ receipt_number: `RCPT-${String(Number(next.count)).padStart(6, '0')}` })
    .where('id', '=', id)
    .where('receipt_number', 'is', null)
    .execute();
  // The payment's number: the one just given, or the one it had.
  const row = await db.selectFrom('payments').select('receipt_number').where('id', '=', id).executeTakeFirstOrThrow();
  return row.receipt_number ?? '';
}

/** A failed attempt never undoes a payment; the order stays open so the student retries on it. */
export async function markFailed(db: Db, id: number, reason: string, now: Date): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'failed', failure_reason: reason.slice(0, 500), updated_at: nowIso(now) })
    .where('id', '=', id)
    .where('status', '!=', 'captured')
    .execute();
}

/** The admin's Update Payment Status, for a fee received outside the site (cash, bank transfer): recorded as manual. */
export async function recordManualPayment(
  db: Db,
  student: { id: number; email: string },
  amount: number,
  method: ManualPaymentMethod | null,
  now: Date,
): Promise<{ id: number; order_id: string; receipt_number: string }> {
  const paidAt = nowIso(now);
  const row = await db
    .insertInto('payments')
    .values({
      student_id: student.id,
      student_email: student.email,
      order_id: `${MANUAL_PREFIX}${randomBytes(10).toString('hex')}`,
      amount,
      currency: PAYMENT_CURRENCY,
      status: 'captured',
      paid_via: 'manual',
      paid_at: paidAt,
      manual_method: method,
    })
    .returning(['id', 'order_id'])
    .executeTakeFirstOrThrow();
  return { ...row, receipt_number: await assignReceiptNumber(db, row.id) };
}

/** A captured payment received online (not the admin's manual record): only the gateway can refund it. */
export function hasCapturedGatewayPayment(db: Db, studentId: number) {
  return db
    .selectFrom('payments')
    .select('id')
    .where('student_id', '=', studentId)
    .where('status', '=', 'captured')
    .where('paid_via', '!=', 'manual')
    .executeTakeFirst()
    .then(Boolean);
}

/** A manual payment's note when the teacher undid the Paid mark that recorded it. */
export const VOIDED_REASON = 'Voided: the teacher undid the Paid mark that recorded this payment.';

/**
 * The manual payment of an undone Paid mark stops counting as collected. The row stays for the accounts, as failed
 * with the reason (the table's check allows no other state), and keeps any receipt number it was given.
 */
export async function voidManualPayment(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'failed', failure_reason: VOIDED_REASON, updated_at: nowIso(now) })
    .where('id', '=', id)
    .where('paid_via', '=', 'manual')
    .where('status', '=', 'captured')
    .execute();
}

/** Voids every captured manual payment of a student (the teacher set them back to Unpaid); returns their ids. */
export async function voidManualPaymentsOf(db: Db, studentId: number, now: Date): Promise<number[]> {
  const rows = await db
    .updateTable('payments')
    .set({ status: 'failed', failure_reason: VOIDED_UNPAID_REASON, updated_at: nowIso(now) })
    .where('student_id', '=', studentId)
    .where('paid_via', '=', 'manual')
    .where('status', '=', 'captured')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A manual payment's note when the teacher set the student back to Unpaid directly. */
export const VOIDED_UNPAID_REASON = 'Voided: the teacher set the student back to Unpaid.';

export function hasCapturedPayment(db: Db, studentId: number) {
  return db
    .selectFrom('payments')
    .select('id')
    .where('student_id', '=', studentId)
    .where('status', '=', 'captured')
    .executeTakeFirst()
    .then(Boolean);
}

const listedColumns = [
  'p.id',
  'p.order_id',
  'p.payment_id',
  'p.amount',
  'p.currency',
  'p.status',
  'p.paid_via',
  'p.paid_at',
  'p.failure_reason',
  'p.created_at',
  'p.receipt_number',
] as const;

export function listStudentPayments(db: Db, studentId: number) {
  return db
    .selectFrom('payments as p')
    .select(listedColumns)
    .where('p.student_id', '=', studentId)
    .where('p.order_id', 'not like', `${PLACEHOLDER_PREFIX}%`)
    .orderBy('p.id', 'desc')
    .limit(50)
    .execute();
}

export function listAllPayments(db: Db, options: { status?: PaymentStatus; limit: number; offset: number }) {
  let query = db
    .selectFrom('payments as p')
    .leftJoin('students as s', 's.id', 'p.student_id')
    .select([...listedColumns, 'p.manual_method', 'p.student_id', 'p.student_email', 's.first_name', 's.last_name'])
    .where('p.order_id', 'not like', `${PLACEHOLDER_PREFIX}%`);
  if (options.status) query = query.where('p.status', '=', options.status);
  return query.orderBy('p.id', 'desc').limit(options.limit).offset(options.offset).execute();
}

export async function countAllPayments(db: Db, status?: PaymentStatus): Promise<number> {
  let query = db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', 'not like', `${PLACEHOLDER_PREFIX}%`);
  if (status) query = query.where('status', '=', status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A captured payment with what its receipt prints: the student's name as it is now (null once deleted). */
export async function findReceiptRow(db: Db, id: number) {
  // `test_payment` is an EXISTS: 0/1 on SQLite, a boolean on PostgreSQL.
  const row = await db
    .selectFrom('payments as p')
    .leftJoin('students as s', 's.id', 'p.student_id')
    .select([
      'p.id',
      'p.student_id',
      'p.student_email',
      'p.payment_id',
      'p.order_id',
      'p.amount',
      'p.currency',
      'p.paid_via',
      'p.paid_at',
      'p.receipt_number',
      'p.manual_method',
      's.first_name',
      's.last_name',
      // Captured by the built-in test gateway (its own record of the payment): the receipt says so.
      (eb) =>
        eb
          .exists(eb.selectFrom('test_gateway_payments as t').select('t.id').whereRef('t.order_id', '=', 'p.order_id'))
          .as('test_payment'),
    ])
    .where('p.id', '=', id)
    .where('p.status', '=', 'captured')
    .where('p.receipt_number', 'is not', null)
    .executeTakeFirst();
  return row && withBooleans(row, ['test_payment']);
}

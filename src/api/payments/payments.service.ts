/**
 * Payments: orders made on the server for the fee the server knows, and a payment believed only when its
 * signature (checkout), its signed webhook, or the gateway itself (reconciliation) says so. Every path ends in
 * the same `capture`, which marks the order paid, the student paid and queues the receipt in one transaction.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { COURSE_NAME, SITE_NAME, STUDENT_STATUS } from '../../contracts/course.js';
import {
  type AdminPayment,
  type AdminPaymentsQuery,
  failedAttemptText,
  formatAmount,
  type MyPayments,
  type PaidVia,
  PAYMENT_CURRENCY,
  type PaymentStatus,
  paymentStatusLabels,
  paymentViaLabel,
  type PaymentOrder,
  type PaymentVerification,
  type PaymentVerified,
  paymentMessages,
  razorpayWebhookEventSchema,
  type RefundDue,
  type RefundReason,
  refundReasons,
  type TestCheckoutInput,
  type TestCheckoutResult,
  type webhookResultSchema,
} from '../../contracts/payments.js';
import type { Config } from '../config/env.js';
import { formatDateTime, type TimeZone } from '../../contracts/dates.js';
import { toCsv } from '../admin/csv.js';
import { transact } from '../db/after-commit.js';
import type { Database, StudentRow } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import { createReceiptNotice } from './receipt-notice.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { findStudentById } from '../students/students.repository.js';
import { GatewayError, type PaymentGatewayClient } from './payment-gateway.js';
import { insertStatusChange } from '../admin/student-status.repository.js';
import {
  claimCheck,
  countAllPayments,
  deletePayment,
  findOpenOrder,
  findPaymentById,
  findPaymentByOrderId,
  hasCapturedPayment,
  insertPlaceholderOrder,
  insertRefundDue,
  listRefundsDue,
  markRefunded,
  isPaymentIdUsed,
  isPlaceholder,
  listAllPayments,
  listStudentPayments,
  listUnpaidOrdersMadeBetween,
  assignReceiptNumber,
  markCaptured,
  markFailed,
  markStudentPaid,
  type PaymentRow,
  recordWebhookEvent,
  retireOpenOrder,
  setGatewayOrderId,
} from './payments.repository.js';
import { checkoutSignature, signatureMatches, webhookSignature } from './razorpay-signature.js';
import type { TestGateway } from './test-gateway.js';

export interface PaymentsOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl' | 'razorpay'>;
  /** The course fee now (a site setting): an order is made for the fee of the moment it is made, and keeps it. */
  feePaise: () => Promise<number>;
  gateway: PaymentGatewayClient;
  /** The built-in test gateway, when it is the gateway (no Razorpay keys are set). */
  testGateway?: TestGateway;
  log: FastifyBaseLogger;
  notifications: NotificationsService;
  /**
   * The business the student pays (Site Settings' name on receipts): the checkout says "Pay to" the same name the
   * receipt is issued in. The site's name without it.
   */
  payeeName?: () => Promise<string>;
  /** The course time zone: the CSV's times are written in it, as the list shows them. */
  timeZone: () => Promise<TimeZone>;
  /** The time now (the app's clock). */
  clock?: Clock;
}

/** The most rows a CSV export carries: far more payments than a course takes. */
const CSV_MAX_ROWS = 100_000;

/** A reservation older than this was left by a process that stopped while asking the gateway. */
const PLACEHOLDER_STALE_MS = 60_000;
const WAIT_FOR_OTHER_REQUEST_MS = 150;
const MAX_WAITS = 40;

/** Reconciliation asks about an unpaid order from this age on, less and less often, and gives up after three days. */
export const RECONCILE_AFTER_MS = 5 * 60_000;
export const RECONCILE_FOR_MS = 3 * 24 * 60 * 60_000;
export function nextCheckDelayMs(checksSoFar: number): number {
  return Math.min(RECONCILE_AFTER_MS * 2 ** Math.max(0, checksSoFar - 1), 60 * 60_000);
}

/**
 * What became of a payment: credited ('captured'), credited before ('already'), already credited to another order
 * ('otherPayment'), not credited but recorded as a refund due (with why), or for no order of this site.
 */
type CaptureOutcome =
  'captured' | 'already' | 'otherPayment' | 'noSuchOrder' | { refundDue: RefundReason; recorded: boolean };

export type WebhookResult = z.infer<typeof webhookResultSchema>['status'];

/** How a payment came to be believed, as the status history says it. */
const paidViaWords: Record<PaidVia, string> = {
  checkout: 'checkout',
  webhook: 'Razorpay webhook',
  reconciliation: 'asked Razorpay',
  manual: 'recorded by the teacher',
};

function studentOnly(student: StudentRow): void {
  if (student.role !== 'student') throw new AppError('forbidden', 'Only students pay the course fee.');
}

export function createPaymentsService({
  db,
  config,
  feePaise,
  gateway,
  testGateway,
  log,
  notifications,
  payeeName = async () => SITE_NAME,
  timeZone,
  clock = systemClock,
}: PaymentsOptions) {
  const tellReceipt = createReceiptNotice({ config, notifications, clock });

  async function checkoutOptions(row: PaymentRow, student: StudentRow): Promise<PaymentOrder> {
    return {
      order_id: row.order_id,
      key: gateway.keyId,
      currency: row.currency,
      amount: row.amount,
      gateway: gateway.mode,
      name: await payeeName(),
      description: `${COURSE_NAME} course fee`,
      prefill: {
        name: `${student.first_name} ${student.last_name}`.trim(),
        email: student.email,
        contact: student.mobile ?? '',
      },
    };
  }

  /** A payment not taken as the fee: recorded once as a refund due, with why, and logged for the teacher. */
  async function refund(
    trx: Transaction<Database>,
    row: PaymentRow,
    payment: { id: string; amount: number; currency: string },
    reason: RefundReason,
    via: PaidVia,
  ): Promise<CaptureOutcome> {
    const recorded = await insertRefundDue(trx, row, { ...payment, reason: refundReasons[reason], via });
    if (recorded)
      log.error({ orderId: row.order_id, paymentId: payment.id, via, reason }, 'a payment was not credited: refund it');
    return { refundDue: reason, recorded };
  }

  /**
   * The one place an order becomes paid. Idempotent: the same payment again changes nothing. A payment is never
   * credited to an order retired (the fee changed), to a student who has paid already, or to an order paid with
   * another payment: it is recorded as a refund due instead, so nobody is charged twice unnoticed.
   */
  async function capture(
    trx: Transaction<Database>,
    paymentRowId: number,
    paymentId: string,
    via: PaidVia,
    paid?: { amount: number; currency: string },
  ): Promise<CaptureOutcome> {
    const row = await findPaymentById(trx, paymentRowId);
    if (!row) return 'noSuchOrder';
    const payment = { id: paymentId, amount: paid?.amount ?? row.amount, currency: paid?.currency ?? row.currency };
    if (row.status === 'captured')
      return row.payment_id === paymentId ? 'already' : refund(trx, row, payment, 'orderPaid', via);
    if (await isPaymentIdUsed(trx, paymentId)) return 'otherPayment';
    if (row.retired_at !== null) return refund(trx, row, payment, 'retired', via);
    if (row.student_id !== null && (await hasCapturedPayment(trx, row.student_id)))
      return refund(trx, row, payment, 'studentPaid', via);
    if (!(await markCaptured(trx, row.id, paymentId, via, clock()))) {
      const now = await findPaymentById(trx, row.id);
      return now?.payment_id === paymentId ? 'already' : 'otherPayment';
    }
    if (row.student_id !== null) {
      const becamePaid = await markStudentPaid(trx, row.student_id, clock());
      const student = await findStudentById(trx, row.student_id);
      // The status history shows every change, those a payment made included.
      if (becamePaid && student)
        await insertStatusChange(trx, {
          student_id: student.id,
          student_email: student.email,
          from_status: STUDENT_STATUS.unpaid,
          to_status: STUDENT_STATUS.paid,
          changed_by: null,
          changed_by_email: `Online payment ${paymentId} (${paidViaWords[via]})`,
          payment_id: row.id,
        });
      // The payment is recorded above whatever the student chose: the choice only decides what they are told.
      if (student) await tellReceipt(trx, student, { ...row, payment_id: paymentId });
    }
    await assignReceiptNumber(trx, row.id);
    log.info({ orderId: row.order_id, paymentId, via }, 'payment captured');
    return 'captured';
  }

  /** Runs `capture` in its own transaction; a unique-key race with another delivery counts as that delivery. */
  async function captureOnce(
    paymentRowId: number,
    paymentId: string,
    via: PaidVia,
    paid?: { amount: number; currency: string },
  ): Promise<CaptureOutcome> {
    try {
      return await transact(db, (trx) => capture(trx, paymentRowId, paymentId, via, paid));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const row = await findPaymentById(db, paymentRowId);
      return row?.payment_id === paymentId ? 'already' : 'otherPayment';
    }
  }

  /** A payment the gateway reports, believed only if it is for this order's amount and currency. */
  function matchesOrder(row: PaymentRow, payment: { amount: number; currency: string }): boolean {
    const ok = payment.amount === row.amount && payment.currency === row.currency;
    if (!ok)
      log.warn(
        { orderId: row.order_id, amount: payment.amount, currency: payment.currency },
        'payment amount does not match its order',
      );
    return ok;
  }

  return {
    gatewayMode: gateway.mode,

    /** My Payment: the fee, the gateway and the student's orders. */
    async myPayments(student: StudentRow): Promise<MyPayments> {
      return {
        fee: { amount: await feePaise(), currency: PAYMENT_CURRENCY },
        gateway: gateway.mode,
        payments: await listStudentPayments(db, student.id),
      };
    },

    /** The admin's payment list: one page, and the total of the rows the filter keeps. */
    async adminList(query: AdminPaymentsQuery): Promise<{ rows: AdminPayment[]; total: number }> {
      const { status, page, per_page: perPage } = query;
      const [rows, total] = await Promise.all([
        listAllPayments(db, { status, limit: perPage, offset: (page - 1) * perPage }),
        countAllPayments(db, status),
      ]);
      return { rows, total };
    },

    /** Every payment (as many as a spreadsheet takes), newest first, as CSV in the list's plain words. */
    async adminCsv(status: PaymentStatus | undefined): Promise<{ filename: string; csv: string }> {
      const rows = await listAllPayments(db, { status, limit: CSV_MAX_ROWS, offset: 0 });
      const zone = await timeZone();
      const csv = toCsv(
        ['Time', 'Student', 'Email', 'Amount', 'Status', 'How', 'Receipt', 'Order ID', 'Payment ID', 'Failed attempt'],
        rows.map((p) => [
          formatDateTime(p.paid_at ?? p.created_at, zone),
          p.first_name ? `${p.first_name} ${p.last_name ?? ''}`.trim() : '(deleted)',
          p.student_email,
          formatAmount(p.amount, p.currency),
          paymentStatusLabels[p.status],
          paymentViaLabel(p),
          p.receipt_number,
          p.paid_via === 'manual' ? null : p.order_id,
          p.payment_id,
          failedAttemptText(p),
        ]),
      );
      return { filename: `payments${status ? `-${status}` : ''}.csv`, csv };
    },

    /** Payments received and not credited, for the teacher to refund at the gateway. */
    async refundsDue(): Promise<RefundDue[]> {
      return listRefundsDue(db);
    },

    /** The teacher refunded one at the gateway. */
    async markRefunded(id: number): Promise<RefundDue[]> {
      if (!(await markRefunded(db, id, clock()))) throw new AppError('notFound', paymentMessages.noSuchRefund);
      return listRefundsDue(db);
    },

    /** The built-in test gateway's checkout: the tester chose how the student's payment ends. */
    async testCheckout(student: StudentRow, input: TestCheckoutInput): Promise<TestCheckoutResult> {
      if (!testGateway) throw new AppError('notFound', paymentMessages.testGatewayOff);
      const row = await findPaymentByOrderId(db, input.order_id);
      if (!row || row.student_id !== student.id || isPlaceholder(row.order_id))
        throw new AppError('notFound', 'No such order.');
      if (row.status === 'captured') throw new AppError('conflict', paymentMessages.alreadyPaid);
      if (row.retired_at !== null) throw new AppError('conflict', paymentMessages.orderRetired);
      const result = await testGateway.pay(row, input.outcome);
      // What Razorpay's payment.failed webhook would record in live mode.
      if ('error' in result) await this.recordCheckoutFailure(student, row.order_id, result.error.description);
      return result;
    },

    /** Makes (or reuses) the student's one open order for the fee; the gateway's failure leaves nothing behind. */
    async createOrder(student: StudentRow): Promise<{ order: PaymentOrder; created: boolean }> {
      studentOnly(student);
      const fee = await feePaise();
      // Each round either returns, or changes something, or waits for another request; the bound is a safety net.
      for (let round = 0; round < MAX_WAITS + 5; round += 1) {
        if (student.student_status !== STUDENT_STATUS.unpaid || (await hasCapturedPayment(db, student.id)))
          throw new AppError('conflict', paymentMessages.alreadyPaid);
        const open = await findOpenOrder(db, student.id);
        if (open && !isPlaceholder(open.order_id)) {
          if (open.amount === fee && open.currency === PAYMENT_CURRENCY)
            return { order: await checkoutOptions(open, student), created: false };
          // The fee changed since this order was made: retire it and make one at today's fee.
          await retireOpenOrder(db, open.id, 'Replaced by a new order after the course fee changed.', clock());
          continue;
        }
        if (open) {
          if (Date.parse(open.created_at) < clock().getTime() - PLACEHOLDER_STALE_MS) {
            await deletePayment(db, open.id, open.order_id);
          } else {
            // Another request (a second click, another tab) is asking the gateway right now: wait for its order.
            await sleep(WAIT_FOR_OTHER_REQUEST_MS);
          }
          continue;
        }

        let rowId: number;
        try {
          rowId = await insertPlaceholderOrder(db, student, fee);
        } catch (error) {
          if (isUniqueViolation(error)) continue;
          throw error;
        }
        try {
          const order = await gateway.createOrder({
            amount: fee,
            currency: PAYMENT_CURRENCY,
            receipt: `payment_${rowId}`,
            notes: { student_id: String(student.id), email: student.email },
          });
          if (order.amount !== fee || order.currency !== PAYMENT_CURRENCY) {
            throw new GatewayError(`the gateway made an order for ${order.amount} ${order.currency}`);
          }
          await setGatewayOrderId(db, rowId, order.id, clock());
        } catch (error) {
          await deletePayment(db, rowId);
          log.warn({ err: error, studentId: student.id }, 'payment order could not be created');
          throw new AppError('unavailable', paymentMessages.gatewayDown);
        }
        const row = await findPaymentById(db, rowId);
        if (!row) throw new Error('payment row vanished after it was made');
        return { order: await checkoutOptions(row, student), created: true };
      }
      throw new AppError('conflict', paymentMessages.orderInProgress);
    },

    /** The checkout's callback: the signature is checked against the order id stored for this student. */
    async verifyCheckout(student: StudentRow, input: PaymentVerification): Promise<PaymentVerified> {
      studentOnly(student);
      const row = await findPaymentByOrderId(db, input.order_id);
      if (!row || row.student_id !== student.id || isPlaceholder(row.order_id)) {
        log.warn(
          { studentId: student.id, orderId: input.order_id },
          'payment callback for an order that is not the caller’s',
        );
        throw new AppError('validation', paymentMessages.notVerified);
      }
      const expected = checkoutSignature(row.order_id, input.razorpay_payment_id, await gateway.keySecret());
      if (!signatureMatches(expected, input.razorpay_signature)) {
        log.warn({ studentId: student.id, orderId: row.order_id }, 'payment callback with a wrong signature');
        throw new AppError('validation', paymentMessages.notVerified);
      }
      const outcome = await captureOnce(row.id, input.razorpay_payment_id, 'checkout');
      if (outcome === 'otherPayment') throw new AppError('conflict', paymentMessages.orderAlreadyPaidOtherwise);
      if (typeof outcome === 'object') throw new AppError('conflict', paymentMessages.refundDue[outcome.refundDue]);
      const updated = await findStudentById(db, student.id);
      return {
        order_id: row.order_id,
        payment_id: input.razorpay_payment_id,
        status: 'captured' as const,
        student_status: updated?.student_status ?? STUDENT_STATUS.paid,
        message: paymentMessages.successful(input.razorpay_payment_id),
      };
    },

    /** A failure the checkout reported: recorded for the student and the admin; the order stays open for a retry. */
    async recordCheckoutFailure(student: StudentRow, orderId: string, reason: string): Promise<void> {
      const row = await findPaymentByOrderId(db, orderId);
      if (!row || row.student_id !== student.id) throw new AppError('notFound', 'No such order.');
      await markFailed(db, row.id, reason, clock());
    },

    /**
     * Razorpay's webhook: the signature over the raw body first, then at most once per event id, then the
     * event, in any order: failures never undo a payment, and a payment is credited once whatever arrives.
     */
    async handleWebhook(
      rawBody: Buffer,
      signature: string | undefined,
      eventId: string | undefined,
    ): Promise<WebhookResult> {
      const secret = config.razorpay.webhookSecret;
      if (!secret) throw new AppError('notFound', 'Webhooks are not enabled on this site.');
      if (!signatureMatches(webhookSignature(rawBody, secret), signature))
        throw new AppError('validation', 'The webhook signature is not valid.');
      if (eventId !== undefined && (eventId.length === 0 || eventId.length > 100))
        throw new AppError('validation', 'The event id is not valid.');
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('malformedJson');
      }
      const parsed = razorpayWebhookEventSchema.safeParse(body);
      if (!parsed.success) throw new AppError('validation', 'The webhook body is not a Razorpay event.');
      const { event, payload } = parsed.data;
      const payment = payload.payment?.entity;

      return transact(db, async (trx): Promise<WebhookResult> => {
        if (eventId !== undefined) {
          if (!(await recordWebhookEvent(trx, eventId, event))) return 'duplicate';
        }
        const orderId = payment?.order_id ?? payload.order?.entity.id;
        const row = orderId ? await findPaymentByOrderId(trx, orderId) : undefined;
        if (!row || !payment) {
          log.info({ event, orderId }, 'webhook for an order this site did not make, or without a payment: ignored');
          return 'ignored';
        }
        switch (event) {
          case 'payment.authorized':
          case 'payment.captured':
          case 'order.paid': {
            if (!matchesOrder(row, payment)) return 'ignored';
            const outcome = await capture(trx, row.id, payment.id, 'webhook', payment);
            // A refund due it recorded is applied too: the teacher sees it in Payments.
            return outcome === 'captured' || (typeof outcome === 'object' && outcome.recorded) ? 'applied' : 'ignored';
          }
          case 'payment.failed':
            await markFailed(trx, row.id, payment.error_description ?? 'The payment failed.', clock());
            return 'applied';
          default:
            return 'ignored';
        }
      });
    },

    /**
     * Asks the gateway about unpaid orders old enough that the callback or webhook should have come: a missed
     * webhook or a crash between payment and callback still ends paid. Each order is claimed by a conditional
     * update of `checked_at`, so two processes never ask about the same order at the same time.
     */
    async reconcileDue(now = clock(), limit = 50): Promise<{ checked: number; captured: number }> {
      const nowMs = now.getTime();
      const candidates = await listUnpaidOrdersMadeBetween(
        db,
        new Date(nowMs - RECONCILE_FOR_MS).toISOString(),
        new Date(nowMs - RECONCILE_AFTER_MS).toISOString(),
        limit * 4,
      );
      let checked = 0;
      let capturedCount = 0;
      for (const row of candidates) {
        if (checked >= limit) break;
        if (row.checked_at && Date.parse(row.checked_at) + nextCheckDelayMs(row.check_count) > nowMs) continue;
        if (!(await claimCheck(db, row, now.toISOString()))) continue;
        checked += 1;
        try {
          const payments = await gateway.orderPayments(row.order_id);
          const paid = payments.find(
            (p) => (p.status === 'captured' || p.status === 'authorized') && matchesOrder(row, p),
          );
          if (paid) {
            if ((await captureOnce(row.id, paid.id, 'reconciliation', paid)) === 'captured') capturedCount += 1;
          } else if (payments.length > 0 && payments.every((p) => p.status === 'failed')) {
            await markFailed(db, row.id, payments.at(-1)?.error_description ?? 'The payment failed.', clock());
          }
        } catch (error) {
          log.warn(
            { err: error, orderId: row.order_id },
            'reconciliation could not ask the gateway; it will ask again later',
          );
        }
      }
      return { checked, captured: capturedCount };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

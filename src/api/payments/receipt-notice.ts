import type { Transaction } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { dashboardPaths, paths } from '../../contracts/paths.js';
import { formatAmount } from '../../contracts/payments.js';
import type { Config } from '../config/env.js';
import { readTimeZone } from '../settings/settings.repository.js';
import { nowIso } from '../db/clock.js';
import type { Database } from '../db/schema.js';
import { paymentReceiptMail } from '../mail/mail-templates.js';
import type { NotificationsService } from '../notifications/notifications.service.js';

export interface ReceiptPayment {
  /** The payments row, whose PDF receipt the mail carries. */
  id: number;
  amount: number;
  currency: string;
  order_id: string;
  /** The gateway's payment id; null for a payment the teacher recorded. */
  payment_id: string | null;
}

/**
 * Tells a student their payment is confirmed, in the transaction that recorded it: a notice, and the receipt email
 * with its PDF (as the student's notification choices say). Online payments and those the teacher records alike.
 * The transaction (opened with `transact`) wakes the student and the mail worker once it commits.
 */
export function createReceiptNotice({
  config,
  notifications,
  clock = systemClock,
}: {
  config: Pick<Config, 'appUrl'>;
  notifications: NotificationsService;
  clock?: Clock;
}) {
  return async (
    trx: Transaction<Database>,
    student: { id: number; email: string; first_name: string },
    payment: ReceiptPayment,
  ): Promise<void> => {
    const receipt = {
      amount: formatAmount(payment.amount, payment.currency),
      paymentId: payment.payment_id,
      orderId: payment.order_id,
      paidAt: nowIso(clock()),
      zone: await readTimeZone(trx),
    };
    const link = `${paths.dashboard}/${dashboardPaths.myPayment}`;
    await notifications.notify(
      trx,
      [student],
      'payment_confirmed',
      { title: 'Your payment is confirmed', body: `We received ${receipt.amount}. Thank you!`, link },
      (s) => ({
        ...paymentReceiptMail(s.email, s.first_name, receipt, `${config.appUrl}${link}`),
        attachment: { kind: 'receipt', id: payment.id },
      }),
    );
  };
}

export type ReceiptNotice = ReturnType<typeof createReceiptNotice>;

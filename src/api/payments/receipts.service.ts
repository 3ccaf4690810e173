import type { Kysely } from 'kysely';
import { paymentMessages } from '../../contracts/payments.js';
import type { SiteInfo } from '../../contracts/site-info.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { RenderedAttachment } from '../mail/mail-attachments.js';
import { findReceiptRow } from './payments.repository.js';
import { cachedPdf } from '../pdf/pdf-cache.js';
import { renderReceiptPdf } from './receipt-pdf.js';

interface Deps {
  db: Kysely<Database>;
  /** The site settings now: the business details the receipt prints. */
  siteInfo: () => Promise<SiteInfo>;
}

/** PDF receipts of captured payments: for the student (their own), the teacher (any) and the receipt email. */
export function createReceiptsService({ db, siteInfo }: Deps) {
  /** The receipt of a captured payment; with `ownerId`, only that student's (anything else is "not found"). */
  async function render(paymentId: number, ownerId?: number): Promise<RenderedAttachment | null> {
    const row = await findReceiptRow(db, paymentId);
    if (!row?.receipt_number || !row.paid_at) return null;
    if (ownerId !== undefined && row.student_id !== ownerId) return null;
    const site = await siteInfo();
    const inputs = {
      receiptNumber: row.receipt_number,
      paidAt: row.paid_at,
      studentName: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null,
      studentEmail: row.student_email,
      amount: row.amount,
      currency: row.currency,
      paymentId: row.payment_id,
      orderId: row.order_id,
      paidVia: row.paid_via,
      manualMethod: row.manual_method,
      testPayment: row.test_payment,
      business: {
        name: site.businessName,
        address: site.privacyAddress,
        email: site.contactEmail,
        gstin: site.gstin,
      },
      zone: site.timeZone,
    };
    const content = await cachedPdf(['receipt', inputs], () => renderReceiptPdf(inputs));
    return { filename: `${row.receipt_number}.pdf`, content };
  }

  return {
    /** For the mail worker: null when the payment is gone or no longer captured (the mail goes without it). */
    attachment: (paymentId: number) => render(paymentId),

    async download(paymentId: number, ownerId?: number): Promise<RenderedAttachment> {
      const receipt = await render(paymentId, ownerId);
      if (!receipt) throw new AppError('notFound', paymentMessages.noSuchReceipt);
      return receipt;
    },
  };
}

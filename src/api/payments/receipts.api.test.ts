import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { startSmtpCapture, siteMailWorker } from '../../../test/smtp-capture.js';
import type { TestContext } from '../../../test/test-app.js';
import { COURSE_NAME } from '../../contracts/course.js';
import { paymentMessages } from '../../contracts/payments.js';
import { pdfText } from '../pdf/pdf-text.js';

let ctx: TestContext;
let adminToken: string;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ ctx, adminToken } = await createAdminTestApp({ SMTP_URL: smtp.url }));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

type Student = Awaited<ReturnType<typeof verifiedStudent>>;
const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Pays the fee online through the built-in test gateway, as the checkout would; returns the gateway payment id. */
async function payOnline(student: Student): Promise<string> {
  const order = (await post('/api/v1/payments', student.token)).json();
  const paid = (
    await post('/api/v1/payments/test_checkout', student.token, { order_id: order.order_id, outcome: 'success' })
  ).json();
  const verified = await post('/api/v1/payments/update_payment_status', student.token, {
    order_id: order.order_id,
    razorpay_payment_id: paid.razorpay_payment_id,
    razorpay_signature: paid.razorpay_signature,
  });
  expect(verified.statusCode).toBe(200);
  return paid.razorpay_payment_id as string;
}

async function myPayments(student: Student) {
  return (await get('/api/v1/payments', student.token)).json().payments as {
    id: number;
    status: string;
    payment_id: string | null;
    receipt_number: string | null;
  }[];
}

const receiptSerial = (receipt: string | null) => Number(/^RCPT-(\d{6})$/.exec(receipt ?? '')?.[1]);

describe('PDF receipts', () => {
  it('numbers captured payments once and in order, online and manual alike', async () => {
    const online = await verifiedStudent(ctx);
    const manual = await verifiedStudent(ctx);
    const paymentId = await payOnline(online);
    const [first] = await myPayments(online);
    expect(first).toMatchObject({ status: 'captured', payment_id: paymentId });
    expect(first!.receipt_number).toMatch(/^RCPT-\d{6}$/);

    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/students/${manual.id}`,
          headers: bearer(adminToken),
          payload: { student_status: 1 },
        })
      ).statusCode,
    ).toBe(200);
    const [second] = await myPayments(manual);
    expect(receiptSerial(second!.receipt_number)).toBe(receiptSerial(first!.receipt_number) + 1);

    // The same capture again (a repeated callback) keeps its number; the admin's list shows the same.
    const admin = (await get('/api/v1/admin/payments', adminToken)).json() as { id: number; receipt_number: string }[];
    expect(admin.find((p) => p.id === first!.id)?.receipt_number).toBe(first!.receipt_number);
    const numbers = await ctx.database.db
      .selectFrom('payments')
      .select('receipt_number')
      .where('receipt_number', 'is not', null)
      .execute();
    expect(new Set(numbers.map((n) => n.receipt_number)).size).toBe(numbers.length);
  });

  it('gives the student their own receipt as a PDF with the amount in rupees and the business details', async () => {
    const student = await verifiedStudent(ctx);
    const paymentId = await payOnline(student);
    const [payment] = await myPayments(student);
    const response = await get(`/api/v1/me/payments/${payment!.id}/receipt.pdf`, student.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${payment!.receipt_number}.pdf"`);
    // A long line wraps: compare the words, whatever the line breaks.
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
    const site = (await get('/api/v1/site')).json();
    for (const expected of [
      payment!.receipt_number!,
      // As the site writes amounts.
      'Amount Rs.3,000 ',
      paymentId,
      'Dennis Ritchie',
      student.email,
      COURSE_NAME,
      site.businessName,
      site.privacyAddress,
      site.contactEmail,
      // The built-in gateway moves no money: the receipt says so.
      'Payment receipt (test payment)',
      'Test payment (the site’s built-in test gateway',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('owner and data controller');
    expect(text).not.toContain('GSTIN');

    // The teacher sets a GSTIN in Site Settings: every receipt prints it.
    const current = (await get('/api/v1/admin/settings', adminToken)).json().settings;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: bearer(adminToken),
      payload: { ...current, businessName: 'Menon Tutorials LLP', gstin: '32abcde1234f1z5' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({ businessName: 'Menon Tutorials LLP', gstin: '32ABCDE1234F1Z5' });
    const again = await get(`/api/v1/me/payments/${payment!.id}/receipt.pdf`, student.token);
    const withGstin = (await pdfText(again.rawPayload)).replace(/\s+/g, ' ');
    expect(withGstin).toContain('Menon Tutorials LLP');
    expect(withGstin).toContain('GSTIN: 32ABCDE1234F1Z5');
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: bearer(adminToken),
      payload: { ...current, gstin: 'not a gstin' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatch(/GSTIN must be 15 characters/);
  });

  it('answers 404 for another student’s receipt or a payment not captured, 401 anonymous; the admin gets any', async () => {
    const owner = await verifiedStudent(ctx);
    const other = await verifiedStudent(ctx);
    await payOnline(owner);
    const [payment] = await myPayments(owner);
    const url = `/api/v1/me/payments/${payment!.id}/receipt.pdf`;

    const stranger = await get(url, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().errors).toEqual([paymentMessages.noSuchReceipt]);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(`/api/v1/admin/payments/${payment!.id}/receipt.pdf`, owner.token)).statusCode).toBe(403);

    const asAdmin = await get(`/api/v1/admin/payments/${payment!.id}/receipt.pdf`, adminToken);
    expect(asAdmin.statusCode).toBe(200);
    expect(await pdfText(asAdmin.rawPayload)).toContain(payment!.receipt_number!);

    // An order not paid has no receipt, for its student or the admin.
    await post('/api/v1/payments', other.token);
    const [open] = await myPayments(other);
    expect(open!.receipt_number).toBeNull();
    expect((await get(`/api/v1/me/payments/${open!.id}/receipt.pdf`, other.token)).statusCode).toBe(404);
    expect((await get(`/api/v1/admin/payments/${open!.id}/receipt.pdf`, adminToken)).statusCode).toBe(404);
    expect((await get('/api/v1/admin/payments/999999/receipt.pdf', adminToken)).statusCode).toBe(404);
  });

  it('prints a manual payment’s receipt, and none once the Paid mark is undone', async () => {
    const student = await verifiedStudent(ctx);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${student.id}`,
      headers: bearer(adminToken),
      payload: { student_status: 1 },
    });
    const [payment] = await myPayments(student);
    const pdf = await get(`/api/v1/me/payments/${payment!.id}/receipt.pdf`, student.token);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Received by the teacher');
    await post(`/api/v1/admin/students/${student.id}/revert`, adminToken, { reason: 'Paid by mistake' });
    expect((await get(`/api/v1/me/payments/${payment!.id}/receipt.pdf`, student.token)).statusCode).toBe(404);
  });

  it('attaches the PDF to the payment receipt email', async () => {
    const student = await verifiedStudent(ctx);
    await payOnline(student);
    const [payment] = await myPayments(student);
    const worker = siteMailWorker(ctx, smtp.url);
    await worker.runOnce();
    const mail = smtp.messages.find((m) => m.to === student.email && m.subject.startsWith('Payment receipt'));
    expect(mail).toBeDefined();
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({
      filename: `${payment!.receipt_number}.pdf`,
      contentType: 'application/pdf',
    });
    const text = await pdfText(mail!.attachments[0]!.content);
    expect(text).toContain(payment!.receipt_number!);
    expect(text).toContain('Rs.3,000');
  });

  it('a Paid mark with the amount and how it was received records them and mails the receipt', async () => {
    const student = await verifiedStudent(ctx);
    const patch = (payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/students/${student.id}`, headers: bearer(adminToken), payload });
    for (const payment of [
      { amount_rupees: -1, method: 'upi' },
      { amount_rupees: 2000, method: 'barter' },
      { amount_rupees: 20.5, method: 'cash' },
    ]) {
      expect((await patch({ student_status: 1, payment })).statusCode, JSON.stringify(payment)).toBe(400);
    }
    expect(await myPayments(student)).toEqual([]);
    const marked = await patch({ student_status: 1, payment: { amount_rupees: 2000, method: 'upi' } });
    expect(marked.statusCode).toBe(200);
    const [payment] = await myPayments(student);
    expect(payment).toMatchObject({ status: 'captured' });
    const text = (
      await pdfText((await get(`/api/v1/me/payments/${payment!.id}/receipt.pdf`, student.token)).rawPayload)
    ).replace(/\s+/g, ' ');
    expect(text).toContain('Rs.2,000');
    expect(text).toContain('UPI, received by the teacher');
    await siteMailWorker(ctx, smtp.url).runOnce();
    const mail = smtp.messages.find((m) => m.to === student.email && m.subject.startsWith('Payment receipt'));
    expect(mail?.text).toContain('We have received your payment of Rs.2,000');
    expect(mail?.text).not.toContain('Payment ID');
    expect(mail!.attachments[0]).toMatchObject({ filename: `${payment!.receipt_number}.pdf` });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, signup, uniqueEmail, verifiedStudent } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { checkoutSignature } from './razorpay-signature.js';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const post = (url: string, token: string | undefined, payload?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const studentStatus = async (id: number) =>
  (await ctx.database.db.selectFrom('students').select('student_status').where('id', '=', id).executeTakeFirstOrThrow())
    .student_status;
const paymentRows = (studentId: number) =>
  ctx.database.db.selectFrom('payments').selectAll().where('student_id', '=', studentId).execute();
const receipts = async (email: string) =>
  (await ctx.database.db.selectFrom('outbox').select('subject').where('to_address', '=', email).execute()).filter((m) =>
    m.subject.startsWith('Payment receipt'),
  );

describe('payments through the built-in test gateway (no Razorpay keys)', () => {
  it('makes an order for the fee the server knows, whatever amount the client sends, and reuses it', async () => {
    const s = await verifiedStudent(ctx);
    const first = await post('/api/v1/payments', s.token, { amount: 100, email: 'x@y.z', name: 'Tamper', mobile: '1' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      amount: 300000,
      currency: 'INR',
      key: 'rzp_test_builtin',
      gateway: 'test',
      prefill: { email: s.email, name: 'Dennis Ritchie' },
    });
    expect(first.json().order_id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const again = await post('/api/v1/payments', s.token, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().order_id).toBe(first.json().order_id);
    expect(await paymentRows(s.id)).toHaveLength(1);
  });

  it('a failed test payment is recorded and the student retries on the same order, then pays and is marked paid once', async () => {
    const s = await verifiedStudent(ctx);
    const order = (await post('/api/v1/payments', s.token)).json();

    const failed = await post('/api/v1/payments/test_checkout', s.token, {
      order_id: order.order_id,
      outcome: 'failure',
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().error).toMatchObject({ reason: 'payment_failed', metadata: { order_id: order.order_id } });
    const afterFailure = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/payments', headers: bearer(s.token) })
    ).json();
    expect(afterFailure).toMatchObject({ fee: { amount: 300000, currency: 'INR' }, gateway: 'test' });
    expect(afterFailure.payments).toEqual([
      expect.objectContaining({
        order_id: order.order_id,
        status: 'failed',
        failure_reason: 'The tester chose to fail this test payment.',
      }),
    ]);
    expect(await studentStatus(s.id)).toBe(0);

    const retry = await post('/api/v1/payments', s.token);
    expect(retry.json().order_id).toBe(order.order_id);
    const success = await post('/api/v1/payments/test_checkout', s.token, {
      order_id: order.order_id,
      outcome: 'success',
    });
    const response = success.json();
    expect(response.razorpay_order_id).toBe(order.order_id);
    // Signed exactly as Razorpay signs: HMAC-SHA256 of order_id|payment_id with the (test) key secret.
    const secret = (
      await ctx.database.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'test_gateway_key_secret')
        .executeTakeFirstOrThrow()
    ).value;
    expect(response.razorpay_signature).toBe(checkoutSignature(order.order_id, response.razorpay_payment_id, secret));

    const verify = () =>
      post('/api/v1/payments/update_payment_status', s.token, {
        order_id: order.order_id,
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_signature: response.razorpay_signature,
      });
    const verified = await verify();
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      order_id: order.order_id,
      payment_id: response.razorpay_payment_id,
      status: 'captured',
      student_status: 1,
      message: `Payment successful! Payment ID: ${response.razorpay_payment_id}`,
    });
    expect(await studentStatus(s.id)).toBe(1);
    const profile = await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(s.token) });
    expect(profile.json().student_status).toBe(1);

    // A replayed callback answers the same and changes nothing: one captured row, one receipt.
    expect((await verify()).statusCode).toBe(200);
    const rows = await paymentRows(s.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'captured',
      payment_id: response.razorpay_payment_id,
      paid_via: 'checkout',
      open_for_student: null,
    });
    const mail = await receipts(s.email);
    expect(mail).toHaveLength(1);
    const body = (
      await ctx.database.db
        .selectFrom('outbox')
        .select('text_body')
        .where('to_address', '=', s.email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).text_body;
    expect(body).toContain('Rs.3,000');
    expect(body).toContain(response.razorpay_payment_id);

    const payAgain = await post('/api/v1/payments', s.token);
    expect(payAgain.statusCode).toBe(409);
    expect(payAgain.json().errors).toEqual(['You have already paid the course fee.']);
    expect(
      (await post('/api/v1/payments/test_checkout', s.token, { order_id: order.order_id, outcome: 'success' }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a wrong or missing signature, an unknown order and another student’s order, changing nothing', async () => {
    const a = await verifiedStudent(ctx);
    const b = await verifiedStudent(ctx);
    const orderA = (await post('/api/v1/payments', a.token)).json();
    const paid = (
      await post('/api/v1/payments/test_checkout', a.token, { order_id: orderA.order_id, outcome: 'success' })
    ).json();

    const attempts = [
      {
        token: a.token,
        body: {
          order_id: orderA.order_id,
          razorpay_payment_id: paid.razorpay_payment_id,
          razorpay_signature: '0'.repeat(64),
        },
      },
      {
        token: a.token,
        body: {
          order_id: orderA.order_id,
          razorpay_payment_id: 'pay_Other000000000',
          razorpay_signature: paid.razorpay_signature,
        },
      },
      {
        token: a.token,
        body: {
          order_id: 'order_Unknown0000000',
          razorpay_payment_id: paid.razorpay_payment_id,
          razorpay_signature: paid.razorpay_signature,
        },
      },
      // B replays A's genuine, correctly signed callback.
      {
        token: b.token,
        body: {
          order_id: orderA.order_id,
          razorpay_payment_id: paid.razorpay_payment_id,
          razorpay_signature: paid.razorpay_signature,
        },
      },
    ];
    for (const attempt of attempts) {
      const res = await post('/api/v1/payments/update_payment_status', attempt.token, attempt.body);
      expect(res.statusCode, JSON.stringify(attempt.body)).toBe(400);
      expect(res.json().errors[0]).toMatch(/could not be verified/);
    }
    for (const body of [
      { order_id: orderA.order_id, razorpay_payment_id: paid.razorpay_payment_id },
      { order_id: orderA.order_id, razorpay_signature: paid.razorpay_signature },
      {
        order_id: `${orderA.order_id}' OR 1=1 --`,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_signature: paid.razorpay_signature,
      },
      { order_id: 12345, razorpay_payment_id: [], razorpay_signature: {} },
    ]) {
      const res = await post('/api/v1/payments/update_payment_status', a.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/update_payment_status',
      headers: { ...bearer(a.token), 'content-type': 'application/json' },
      payload: '{"order_id": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await studentStatus(a.id)).toBe(0);
    expect(await studentStatus(b.id)).toBe(0);
    expect((await paymentRows(a.id))[0]).toMatchObject({ status: 'created', payment_id: null });
    // B can't drive A's order through the test checkout either.
    expect(
      (await post('/api/v1/payments/test_checkout', b.token, { order_id: orderA.order_id, outcome: 'success' }))
        .statusCode,
    ).toBe(404);
  });

  it('two Pay Now clicks at once share one order', async () => {
    const s = await verifiedStudent(ctx);
    const [one, two] = await Promise.all([post('/api/v1/payments', s.token), post('/api/v1/payments', s.token)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
    expect(one.json().order_id).toBe(two.json().order_id);
    expect(await paymentRows(s.id)).toHaveLength(1);
  });

  it('only signed-in, verified students pay', async () => {
    expect((await post('/api/v1/payments', undefined)).statusCode).toBe(401);
    expect((await post('/api/v1/payments/update_payment_status', undefined, {})).statusCode).toBe(401);
    expect((await post('/api/v1/payments', adminToken)).statusCode).toBe(403);
    const email = uniqueEmail();
    const created = await signup(ctx.app, email);
    const res = await post('/api/v1/payments', created.json().meta.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('emailNotVerified');
  });

  it('reconciliation finds a payment whose callback never came (the browser closed)', async () => {
    const s = await verifiedStudent(ctx);
    const order = (await post('/api/v1/payments', s.token)).json();
    const paid = (
      await post('/api/v1/payments/test_checkout', s.token, { order_id: order.order_id, outcome: 'success' })
    ).json();
    // Too soon: the callback may still be on its way.
    expect(await ctx.app.payments.reconcileDue(new Date())).toEqual({ checked: 0, captured: 0 });
    const later = new Date(Date.now() + 6 * 60_000);
    const pass = await ctx.app.payments.reconcileDue(later);
    expect(pass.captured).toBeGreaterThanOrEqual(1);
    expect(await studentStatus(s.id)).toBe(1);
    expect((await paymentRows(s.id))[0]).toMatchObject({
      status: 'captured',
      payment_id: paid.razorpay_payment_id,
      paid_via: 'reconciliation',
    });
    expect(await receipts(s.email)).toHaveLength(1);
    // The callback arriving after all is accepted and changes nothing.
    const late = await post('/api/v1/payments/update_payment_status', s.token, {
      order_id: order.order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    });
    expect(late.statusCode).toBe(200);
    expect(await receipts(s.email)).toHaveLength(1);
  });

  it('the admin sees every payment, and a manual Update Payment Status is recorded as manual', async () => {
    const online = await verifiedStudent(ctx);
    const order = (await post('/api/v1/payments', online.token)).json();
    const paid = (
      await post('/api/v1/payments/test_checkout', online.token, { order_id: order.order_id, outcome: 'success' })
    ).json();
    await post('/api/v1/payments/update_payment_status', online.token, {
      order_id: order.order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    });

    const cash = await verifiedStudent(ctx);
    const manual = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${cash.id}`,
      headers: bearer(adminToken),
      payload: { student_status: 1 },
    });
    expect(manual.statusCode).toBe(200);
    // The answer names the receipt the student was mailed, so the teacher's screen can say it.
    const receipt = manual.json().meta.receipt_number;
    expect(receipt).toMatch(/^RCPT-\d{6}$/);
    const recorded = await ctx.database.db
      .selectFrom('payments')
      .select('receipt_number')
      .where('student_id', '=', cash.id)
      .executeTakeFirstOrThrow();
    expect(recorded.receipt_number).toBe(receipt);
    // Setting it again records nothing more.
    await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${cash.id}`,
      headers: bearer(adminToken),
      payload: { student_status: 1 },
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/payments?per_page=200',
      headers: bearer(adminToken),
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json() as {
      order_id: string;
      student_email: string;
      paid_via: string | null;
      payment_id: string | null;
      amount: number;
      status: string;
      created_at: string;
    }[];
    expect(rows.find((r) => r.order_id === order.order_id)).toMatchObject({
      student_email: online.email,
      payment_id: paid.razorpay_payment_id,
      amount: 300000,
      status: 'captured',
      paid_via: 'checkout',
    });
    const manualRows = rows.filter((r) => r.student_email === cash.email);
    expect(manualRows).toHaveLength(1);
    expect(manualRows[0]).toMatchObject({ paid_via: 'manual', status: 'captured', payment_id: null, amount: 300000 });
    expect(Number(list.headers['x-total-count'])).toBe(rows.length);
    const captured = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/payments?status=captured',
      headers: bearer(adminToken),
    });
    expect((captured.json() as { status: string }[]).every((r) => r.status === 'captured')).toBe(true);

    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/payments', headers: bearer(online.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/payments?status=bogus', headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(400);
  });

  it('the list keeps a failed attempt, names what the teacher recorded, and exports as CSV in plain words', async () => {
    // An attempt fails, then the student pays on the same order: the row says it was paid after a failed attempt.
    const retried = await verifiedStudent(ctx);
    const order = (await post('/api/v1/payments', retried.token)).json();
    await post('/api/v1/payments/test_checkout', retried.token, { order_id: order.order_id, outcome: 'failure' });
    const paid = (
      await post('/api/v1/payments/test_checkout', retried.token, { order_id: order.order_id, outcome: 'success' })
    ).json();
    await post('/api/v1/payments/update_payment_status', retried.token, {
      order_id: order.order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    });
    // A fee received by UPI, recorded by the teacher.
    const upi = await verifiedStudent(ctx);
    const recorded = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${upi.id}`,
      headers: bearer(adminToken),
      payload: { student_status: 1, payment: { amount_rupees: 2500, method: 'upi' } },
    });
    expect(recorded.statusCode).toBe(200);

    const rows = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/payments?per_page=200', headers: bearer(adminToken) })
    ).json();
    expect(rows.find((r: { order_id: string }) => r.order_id === order.order_id)).toMatchObject({
      status: 'captured',
      paid_via: 'checkout',
      manual_method: null,
      failure_reason: 'The tester chose to fail this test payment.',
    });
    expect(rows.find((r: { student_email: string }) => r.student_email === upi.email)).toMatchObject({
      paid_via: 'manual',
      manual_method: 'upi',
      amount: 250000,
    });
    // The student's own list says nothing of the failure once paid.
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/payments', headers: bearer(retried.token) })
    ).json();
    expect(mine.payments).toMatchObject([{ status: 'captured' }]);

    const csv = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/payments.csv', headers: bearer(adminToken) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="payments.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Time,Student,Email,Amount,Status,How,Receipt,Order ID,Payment ID,Failed attempt');
    const line = (email: string) => lines.find((l) => l.includes(email)) ?? '';
    expect(line(retried.email)).toMatch(
      new RegExp(
        `,${retried.email.replaceAll('.', '\\.')},"Rs\\.3,000",Paid,Online,RCPT-\\d{6},${order.order_id},` +
          `${paid.razorpay_payment_id},Paid after a failed attempt: The tester chose to fail this test payment\\.$`,
      ),
    );
    expect(line(upi.email)).toMatch(/,"Rs\.2,500",Paid,"UPI, recorded by you",RCPT-\d{6},,,$/);
    expect(csv.body).not.toContain('captured');
    // Filtered as the list is; the teacher's only; a bad filter is a 400.
    const failedOnly = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/payments.csv?status=failed',
      headers: bearer(adminToken),
    });
    expect(failedOnly.headers['content-disposition']).toBe('attachment; filename="payments-failed.csv"');
    expect(failedOnly.body).not.toContain(upi.email);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/payments.csv', headers: bearer(upi.token) }))
        .statusCode,
    ).toBe(403);
    const bogus = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/payments.csv?status=bogus',
      headers: bearer(adminToken),
    });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().errors).toEqual(expect.any(Array));
  });

  it('webhooks are off without a webhook secret', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });

  it('the checkout says "Pay to" the business the receipt is issued in, as Site Settings names it', async () => {
    const before = await post('/api/v1/payments', (await verifiedStudent(ctx)).token);
    expect(before.json().name).toBe('C Programming Learning Hub');
    await ctx.database.db
      .updateTable('settings')
      .set({ value: 'Nair Coding Classes' })
      .where('key', '=', 'site.business_name')
      .execute();
    const after = await post('/api/v1/payments', (await verifiedStudent(ctx)).token);
    expect(after.json().name).toBe('Nair Coding Classes');
  });
});

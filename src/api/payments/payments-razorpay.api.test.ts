import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.js';
import type { TestContext } from '../../../test/test-app.js';
import { webhookSignature } from './razorpay-signature.js';

let ctx: TestContext;
let fake: FakeRazorpay;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  ({ ctx } = await createAdminTestApp(
    {
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_URL: fake.url,
      COURSE_FEE_PAISE: '300000',
    },
    { gatewayTimeoutMs: 500 },
  ));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => {
  fake.behaviour = 'ok';
});

const createOrder = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/payments', headers: bearer(token), payload: { amount: 1 } });
const sendWebhook = (delivery: { body: string; headers: Record<string, string> }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: delivery.headers,
    payload: delivery.body,
  });
const studentStatus = async (id: number) =>
  (await ctx.database.db.selectFrom('students').select('student_status').where('id', '=', id).executeTakeFirstOrThrow())
    .student_status;
const paymentRows = (studentId: number) =>
  ctx.database.db.selectFrom('payments').selectAll().where('student_id', '=', studentId).execute();
const receiptCount = async (email: string) =>
  (await ctx.database.db.selectFrom('outbox').select('subject').where('to_address', '=', email).execute()).filter((m) =>
    m.subject.startsWith('Payment receipt'),
  ).length;

describe('payments with Razorpay (a fake Razorpay on loopback)', () => {
  it('creates the order through the Orders API with basic auth, for the server’s fee, and verifies the checkout signature', async () => {
    const s = await verifiedStudent(ctx);
    const before = fake.orders.length;
    const res = await createOrder(s.token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ key: fake.keyId, currency: 'INR', amount: 300000, gateway: 'razorpay' });
    expect(fake.orders).toHaveLength(before + 1);
    expect(fake.orders.at(-1)).toMatchObject({ id: res.json().order_id, amount: 300000, currency: 'INR' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/orders', authorized: true });

    const payment = fake.pay(res.json().order_id, 'captured');
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/update_payment_status',
      headers: bearer(s.token),
      payload: fake.checkoutResponse(payment),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(`Payment successful! Payment ID: ${payment.id}`);
    expect(await studentStatus(s.id)).toBe(1);
    // The webhook for the same payment, arriving afterwards, credits nothing more.
    expect((await sendWebhook(fake.webhook('payment.captured', payment))).json()).toEqual({ status: 'ignored' });
    expect(await receiptCount(s.email)).toBe(1);
  });

  it('a student who closed the browser is marked paid by the webhook, once, however often and in whatever order it comes', async () => {
    const s = await verifiedStudent(ctx);
    const order = (await createOrder(s.token)).json();
    const failed = fake.pay(order.order_id, 'failed');
    const authorized = fake.pay(order.order_id, 'authorized');

    expect((await sendWebhook(fake.webhook('payment.failed', failed))).json()).toEqual({ status: 'applied' });
    expect((await paymentRows(s.id))[0]).toMatchObject({ status: 'failed' });
    // A late authorisation after the failure counts.
    const delivery = fake.webhook('payment.authorized', authorized, 'evt_authorized_1');
    expect((await sendWebhook(delivery)).json()).toEqual({ status: 'applied' });
    expect(await studentStatus(s.id)).toBe(1);
    // The same delivery again, the capture and order.paid for the same payment, and the old failure once more: nothing
    // changes.
    expect((await sendWebhook(delivery)).json()).toEqual({ status: 'duplicate' });
    const captured = { ...authorized, status: 'captured' as const };
    expect((await sendWebhook(fake.webhook('payment.captured', captured))).json()).toEqual({ status: 'ignored' });
    expect((await sendWebhook(fake.webhook('order.paid', captured))).json()).toEqual({ status: 'ignored' });
    expect((await sendWebhook(fake.webhook('payment.failed', failed))).json()).toEqual({ status: 'applied' });

    const rows = await paymentRows(s.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'captured', payment_id: authorized.id, paid_via: 'webhook' });
    expect(await receiptCount(s.email)).toBe(1);
    const events = await ctx.database.db
      .selectFrom('webhook_events')
      .select('event_id')
      .where('event_id', '=', 'evt_authorized_1')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('refuses webhooks whose signature is wrong, missing, made with the key secret, or over a changed body', async () => {
    const s = await verifiedStudent(ctx);
    const order = (await createOrder(s.token)).json();
    const payment = fake.pay(order.order_id, 'captured');
    const good = fake.webhook('payment.captured', payment);
    const tampered = good.body.replace('"amount":300000', '"amount":100');
    const cases = [
      { ...good, headers: { ...good.headers, 'x-razorpay-signature': '' } },
      { ...good, headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_x' } },
      { ...good, headers: { ...good.headers, 'x-razorpay-signature': webhookSignature(good.body, fake.keySecret) } },
      { body: tampered, headers: good.headers },
      { body: `${good.body} `, headers: good.headers },
    ];
    for (const delivery of cases) {
      const res = await sendWebhook(delivery);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(['The webhook signature is not valid.']);
    }
    expect(await studentStatus(s.id)).toBe(0);
    // Signed but not an event, or not JSON: 400, nothing stored.
    const junk = JSON.stringify({ hello: 'world' });
    const junkRes = await sendWebhook({
      body: junk,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(junk, fake.webhookSecret),
      },
    });
    expect(junkRes.statusCode).toBe(400);
    const notJson = 'not json';
    expect(
      (
        await sendWebhook({
          body: notJson,
          headers: {
            'content-type': 'text/plain',
            'x-razorpay-signature': webhookSignature(notJson, fake.webhookSecret),
          },
        })
      ).statusCode,
    ).toBe(400);
    // A genuine, signed event for a payment whose amount isn't the order's is not believed.
    const short = fake.pay(order.order_id, 'captured', { amount: 100 });
    expect((await sendWebhook(fake.webhook('payment.captured', short))).json()).toEqual({ status: 'ignored' });
    expect(await studentStatus(s.id)).toBe(0);
    // An order this site never made is acknowledged (so Razorpay stops retrying) and ignored.
    const stranger = { ...payment, id: 'pay_Stranger00000', order_id: 'order_NotOurs000000' };
    expect((await sendWebhook(fake.webhook('payment.captured', stranger))).json()).toEqual({ status: 'ignored' });
  });

  it('when Razorpay answers 5xx or not at all, the student is told to try again and no order is left half-made', async () => {
    const s = await verifiedStudent(ctx);
    for (const behaviour of ['error500', 'hang'] as const) {
      fake.behaviour = behaviour;
      const res = await createOrder(s.token);
      expect(res.statusCode).toBe(503);
      expect(res.json().errors[0]).toMatch(/not answering right now.*try again/i);
      expect(await paymentRows(s.id)).toHaveLength(0);
    }
    fake.behaviour = 'ok';
    const res = await createOrder(s.token);
    expect(res.statusCode).toBe(201);
    expect(await paymentRows(s.id)).toHaveLength(1);
  });

  it('two Pay Now clicks at once make one Razorpay order', async () => {
    const s = await verifiedStudent(ctx);
    const before = fake.orders.length;
    const results = await Promise.all([createOrder(s.token), createOrder(s.token), createOrder(s.token)]);
    expect(new Set(results.map((r) => r.json().order_id)).size).toBe(1);
    expect(fake.orders.length).toBe(before + 1);
    expect(await paymentRows(s.id)).toHaveLength(1);
  });

  it('reconciliation asks Razorpay about unpaid orders and credits a payment whose webhook and callback were both lost', async () => {
    const s = await verifiedStudent(ctx);
    const order = (await createOrder(s.token)).json();
    const payment = fake.pay(order.order_id, 'captured');
    const later = new Date(Date.now() + 6 * 60_000);

    fake.behaviour = 'error500';
    await ctx.app.payments.reconcileDue(later);
    expect(await studentStatus(s.id)).toBe(0);
    fake.behaviour = 'ok';
    // Asked again only after its back-off.
    const sameMinute = await ctx.app.payments.reconcileDue(later);
    expect((await paymentRows(s.id))[0]!.check_count).toBe(1);
    expect(sameMinute.captured).toBe(0);
    await ctx.app.payments.reconcileDue(new Date(later.getTime() + 6 * 60_000));
    expect(await studentStatus(s.id)).toBe(1);
    expect((await paymentRows(s.id))[0]).toMatchObject({
      status: 'captured',
      payment_id: payment.id,
      paid_via: 'reconciliation',
    });
    expect(
      fake.requests.some(
        (r) => r.method === 'GET' && r.path === `/v1/orders/${order.order_id}/payments` && r.authorized,
      ),
    ).toBe(true);
    expect(await receiptCount(s.email)).toBe(1);
  });
});

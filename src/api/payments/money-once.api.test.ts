/**
 * Never a lost or doubled rupee: a fee change retires the open order (paid late, it is a refund due, never a second
 * charge), a student who has paid cannot start another checkout, every status change (an online payment's too) is
 * in the history, and setting a student back to Unpaid voids the fee the teacher recorded (or is refused after an
 * online payment). With a fake Razorpay on loopback, on both databases.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.js';
import type { TestContext } from '../../../test/test-app.js';
import { statusRevertMessages } from '../../contracts/admin.js';
import { paymentMessages, refundReasons } from '../../contracts/payments.js';
import type { SiteSettingsForm } from '../../contracts/settings.js';

let ctx: TestContext;
let fake: FakeRazorpay;
let adminToken: string;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  ({ ctx, adminToken } = await createAdminTestApp(
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
beforeEach(() => setFee(3000));

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const createOrder = (token: string) => call('POST', '/api/v1/payments', token, { amount: 1 });
const checkout = (token: string, payment: Parameters<FakeRazorpay['checkoutResponse']>[0]) =>
  call('POST', '/api/v1/payments/update_payment_status', token, fake.checkoutResponse(payment));
const webhook = (delivery: { body: string; headers: Record<string, string> }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: delivery.headers,
    payload: delivery.body,
  });

async function setFee(rupees: number) {
  const { settings } = (await call('GET', '/api/v1/admin/settings', adminToken)).json() as {
    settings: SiteSettingsForm;
  };
  const saved = await call('PUT', '/api/v1/admin/settings', adminToken, { ...settings, courseFeeRupees: rupees });
  expect(saved.statusCode, saved.body).toBe(200);
}
const studentStatus = async (id: number) =>
  (await ctx.database.db.selectFrom('students').select('student_status').where('id', '=', id).executeTakeFirstOrThrow())
    .student_status;
const captured = (studentId: number) =>
  ctx.database.db
    .selectFrom('payments')
    .select(['amount', 'paid_via', 'payment_id'])
    .where('student_id', '=', studentId)
    .where('status', '=', 'captured')
    .execute();
const refunds = async () =>
  (await call('GET', '/api/v1/admin/refunds', adminToken)).json() as {
    id: number;
    payment_id: string;
    amount: number;
    reason: string;
    refunded_at: string | null;
  }[];
const fees = async () => (await call('GET', '/api/v1/admin/overview', adminToken)).json().fees.paise as number;
const history = async (studentId: number) =>
  (await call('GET', `/api/v1/admin/status_changes?student_id=${studentId}`, adminToken)).json() as {
    from_status: number;
    to_status: number;
    changed_by_email: string;
    by_payment: boolean;
  }[];

describe('a fee change', () => {
  it('retires the old order: paid late by checkout, webhook or reconciliation it is a refund due, never a charge', async () => {
    const s = await verifiedStudent(ctx);
    const old = (await createOrder(s.token)).json();
    expect(old.amount).toBe(300000);
    await setFee(5000);
    const current = (await createOrder(s.token)).json();
    expect(current.amount).toBe(500000);
    expect(current.order_id).not.toBe(old.order_id);
    const feesBefore = await fees();

    // The old tab's checkout pays the old order: refused, recorded as a refund due, the student still unpaid.
    const late = fake.pay(old.order_id, 'captured', { amount: 300000 });
    const refused = await checkout(s.token, late);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([paymentMessages.refundDue.retired]);
    expect(await studentStatus(s.id)).toBe(0);
    expect(await captured(s.id)).toEqual([]);
    expect(await fees()).toBe(feesBefore);
    // Its webhook and a reconciliation pass find it again: recorded once.
    expect((await webhook(fake.webhook('payment.captured', late))).json()).toEqual({ status: 'ignored' });
    const due = (await refunds()).filter((r) => r.payment_id === late.id);
    expect(due).toEqual([
      expect.objectContaining({ amount: 300000, reason: refundReasons.retired, refunded_at: null }),
    ]);

    // The current order pays the fee, once.
    const paid = fake.pay(current.order_id, 'captured', { amount: 500000 });
    expect((await checkout(s.token, paid)).statusCode).toBe(200);
    expect(await studentStatus(s.id)).toBe(1);
    expect(await captured(s.id)).toEqual([{ amount: 500000, paid_via: 'checkout', payment_id: paid.id }]);
    expect(await fees()).toBe(feesBefore + 500000);

    // The teacher refunds the late payment at Razorpay, then marks it here; once.
    const marked = await call('POST', `/api/v1/admin/refunds/${due[0]!.id}/refunded`, adminToken);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().find((r: { id: number }) => r.id === due[0]!.id).refunded_at).not.toBeNull();
    expect((await call('POST', `/api/v1/admin/refunds/${due[0]!.id}/refunded`, adminToken)).statusCode).toBe(404);
  });

  it('a webhook for the retired order is recorded for refund without a checkout, and the order cannot be paid', async () => {
    const s = await verifiedStudent(ctx);
    const old = (await createOrder(s.token)).json();
    await setFee(4000);
    await createOrder(s.token);
    const late = fake.pay(old.order_id, 'captured', { amount: 300000 });
    expect((await webhook(fake.webhook('payment.captured', late, `evt_${late.id}`))).json()).toEqual({
      status: 'applied',
    });
    expect((await refunds()).map((r) => r.payment_id)).toContain(late.id);
    expect(await studentStatus(s.id)).toBe(0);
  });
});

describe('a student who has paid', () => {
  it('cannot start another checkout, and a second payment of an open order is a refund due', async () => {
    const s = await verifiedStudent(ctx);
    const order = (await createOrder(s.token)).json();
    const first = fake.pay(order.order_id, 'captured');
    expect((await checkout(s.token, first)).statusCode).toBe(200);
    const again = await createOrder(s.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([paymentMessages.alreadyPaid]);
    // A second payment on the same order (a double submit at the bank): refused and recorded for refund.
    const second = fake.pay(order.order_id, 'captured');
    const refused = await checkout(s.token, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([paymentMessages.refundDue.orderPaid]);
    expect((await captured(s.id)).map((p) => p.payment_id)).toEqual([first.id]);
    expect((await refunds()).find((r) => r.payment_id === second.id)?.reason).toBe(refundReasons.orderPaid);
  });

  it('paid online shows in the status history, and cannot be set back to Unpaid before a refund', async () => {
    const s = await verifiedStudent(ctx);
    const order = (await createOrder(s.token)).json();
    const payment = fake.pay(order.order_id, 'captured');
    expect((await checkout(s.token, payment)).statusCode).toBe(200);
    expect(await history(s.id)).toEqual([
      expect.objectContaining({
        from_status: 0,
        to_status: 1,
        by_payment: true,
        changed_by_email: `Online payment ${payment.id} (checkout)`,
      }),
    ]);
    const unpaid = await call('PATCH', `/students/${s.id}`, adminToken, { student_status: 0 });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().errors).toEqual([statusRevertMessages.unpaidAfterOnline]);
    expect(await studentStatus(s.id)).toBe(1);
    expect(await history(s.id)).toHaveLength(1);
  });

  it('marked Paid by the teacher and set back to Unpaid directly: the recorded fee is voided, and they pay once', async () => {
    const s = await verifiedStudent(ctx);
    const feesBefore = await fees();
    expect((await call('PATCH', `/students/${s.id}`, adminToken, { student_status: 1 })).statusCode).toBe(200);
    expect(await fees()).toBe(feesBefore + 300000);
    expect((await call('PATCH', `/students/${s.id}`, adminToken, { student_status: 0 })).statusCode).toBe(200);
    expect(await captured(s.id)).toEqual([]);
    expect(await fees()).toBe(feesBefore);
    const changes = await history(s.id);
    expect(changes.map((c) => [c.from_status, c.to_status, c.by_payment])).toEqual([
      [1, 0, false],
      [0, 1, false],
    ]);
    // Now they pay online: one captured payment, the fee counted once.
    const order = (await createOrder(s.token)).json();
    expect((await checkout(s.token, fake.pay(order.order_id, 'captured'))).statusCode).toBe(200);
    expect(await captured(s.id)).toHaveLength(1);
    expect(await fees()).toBe(feesBefore + 300000);
    expect((await history(s.id))[0]).toMatchObject({ from_status: 0, to_status: 1, by_payment: true });
  });
});

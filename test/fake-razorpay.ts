/**
 * A fake Razorpay on a loopback port, speaking the parts of its REST API the site uses (POST /v1/orders,
 * GET /v1/orders/{id}/payments, basic auth) and producing signed checkout responses and webhooks the way
 * Razorpay does. `behaviour` makes it fail: 5xx answers, or no answer at all.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nowMs } from '../src/contracts/clock.js';
import { checkoutSignature, webhookSignature } from '../src/api/payments/razorpay-signature.js';

export interface FakeOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'failed';
  email: string;
  contact: string;
  error_description: string | null;
}

export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: FakeOrder[];
  requests: { method: string; path: string; authorized: boolean }[];
  behaviour: 'ok' | 'error500' | 'hang';
  /** A payment on an order, as the customer's bank would make it. */
  pay(orderId: string, status: FakePayment['status'], overrides?: Partial<FakePayment>): FakePayment;
  /** What Checkout's handler receives after a successful payment. */
  checkoutResponse(payment: FakePayment): { order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** A webhook delivery: raw body and headers, signed with the webhook secret. */
  webhook(event: string, payment: FakePayment, eventId?: string): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex').slice(0, 14)}`;

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = 'rzp_test_fake1234';
  const keySecret = randomBytes(12).toString('hex');
  const webhookSecret = randomBytes(12).toString('hex');
  const orders: FakeOrder[] = [];
  const payments: FakePayment[] = [];
  const hanging = new Set<ServerResponse>();
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, description: string) =>
    send(res, status, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
      },
    });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const authorized = req.headers.authorization === expectedAuth;
    fake.requests.push({ method: req.method ?? '', path, authorized });
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (fake.behaviour === 'hang') {
      hanging.add(res);
      return;
    }
    if (fake.behaviour === 'error500')
      return error(res, 500, 'We are facing some trouble completing your request at the moment.');
    if (!authorized) return error(res, 401, 'The api key provided is invalid');
    if (req.method === 'POST' && path === '/v1/orders') {
      const body = JSON.parse(raw || '{}') as Partial<FakeOrder>;
      if (!Number.isInteger(body.amount) || (body.amount ?? 0) < 100)
        return error(res, 400, 'The amount must be atleast INR 1.00');
      if (body.currency !== 'INR') return error(res, 400, 'Currency is not supported');
      if (typeof body.receipt !== 'string' || body.receipt.length > 40)
        return error(res, 400, 'receipt: the length must be at most 40');
      const order = { id: id('order'), amount: body.amount!, currency: body.currency, receipt: body.receipt };
      orders.push(order);
      return send(res, 200, {
        ...order,
        entity: 'order',
        amount_paid: 0,
        amount_due: order.amount,
        status: 'created',
        attempts: 0,
        notes: {},
        created_at: Math.floor(nowMs() / 1000),
      });
    }
    const match = path.match(/^\/v1\/orders\/([^/]+)\/payments$/);
    if (req.method === 'GET' && match) {
      const items = payments.filter((p) => p.order_id === decodeURIComponent(match[1] ?? ''));
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    return error(res, 404, 'The requested URL was not found on the server.');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 'fake failed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeRazorpay = {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    requests: [],
    behaviour: 'ok',
    pay(orderId, status, overrides = {}) {
      const order = orders.find((o) => o.id === orderId);
      const payment: FakePayment = {
        id: id('pay'),
        entity: 'payment',
        order_id: orderId,
        amount: order?.amount ?? 0,
        currency: order?.currency ?? 'INR',
        status,
        email: 'student@example.com',
        contact: '+919876543210',
        error_description:
          status === 'failed' ? 'Your payment has been cancelled. Try again or complete the payment later.' : null,
        ...overrides,
      };
      payments.push(payment);
      return payment;
    },
    checkoutResponse(payment) {
      return {
        order_id: payment.order_id,
        razorpay_payment_id: payment.id,
        razorpay_signature: checkoutSignature(payment.order_id, payment.id, keySecret),
      };
    },
    webhook(event, payment, eventId = id('evt')) {
      const contains = event === 'order.paid' ? ['payment', 'order'] : ['payment'];
      const payload: Record<string, unknown> = { payment: { entity: payment } };
      if (event === 'order.paid')
        payload.order = {
          entity: {
            id: payment.order_id,
            entity: 'order',
            amount: payment.amount,
            amount_paid: payment.amount,
            status: 'paid',
          },
        };
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains,
        payload,
        created_at: Math.floor(nowMs() / 1000),
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(body, webhookSecret),
          'x-razorpay-event-id': eventId,
        },
      };
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

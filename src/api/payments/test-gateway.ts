/**
 * The built-in test gateway, used when no Razorpay keys are set: orders and payments of the site's own, signed
 * exactly as Razorpay signs them, so the same verification, webhook-free reconciliation and receipts run as in
 * live mode. Its ledger is a table, and its key secret a random setting, so it works across restarts and processes.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CheckoutFailure, CheckoutSuccess } from '../../contracts/payments.js';
import { paymentMessages } from '../../contracts/payments.js';
import type { Database } from '../db/schema.js';
import type { Config } from '../config/env.js';
import { createRazorpayGateway, type PaymentGatewayClient } from './payment-gateway.js';
import { checkoutSignature } from './razorpay-signature.js';

export const TEST_GATEWAY_KEY_ID = 'rzp_test_builtin';
const SECRET_SETTING = 'test_gateway_key_secret';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like Razorpay's: a prefix and 14 letters or digits. */
export function gatewayStyleId(prefix: 'order' | 'pay'): string {
  let id = '';
  for (let i = 0; i < 14; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}_${id}`;
}

export interface TestGateway extends PaymentGatewayClient {
  /** What the test checkout page does when the tester chooses success or failure. */
  pay(
    order: { order_id: string; amount: number; currency: string },
    outcome: 'success' | 'failure',
  ): Promise<CheckoutSuccess | CheckoutFailure>;
}

export function createTestGateway(db: Kysely<Database>): TestGateway {
  let secret: string | undefined;
  async function keySecret(): Promise<string> {
    if (secret) return secret;
    await db
      .insertInto('settings')
      .values({ key: SECRET_SETTING, value: randomBytes(24).toString('hex') })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', SECRET_SETTING)
      .executeTakeFirstOrThrow();
    secret = row.value;
    return secret;
  }

  return {
    mode: 'test',
    keyId: TEST_GATEWAY_KEY_ID,
    keySecret,
    async createOrder(request) {
      return { id: gatewayStyleId('order'), amount: request.amount, currency: request.currency };
    },
    async orderPayments(orderId) {
      const rows = await db
        .selectFrom('test_gateway_payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.payment_id,
        order_id: row.order_id,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        error_description: row.error_description,
      }));
    },
    async pay(order, outcome) {
      const paymentId = gatewayStyleId('pay');
      const captured = outcome === 'success';
      await db
        .insertInto('test_gateway_payments')
        .values({
          payment_id: paymentId,
          order_id: order.order_id,
          amount: order.amount,
          currency: order.currency,
          status: captured ? 'captured' : 'failed',
          error_description: captured ? null : paymentMessages.testDeclined,
        })
        .execute();
      if (captured) {
        return {
          razorpay_payment_id: paymentId,
          razorpay_order_id: order.order_id,
          razorpay_signature: checkoutSignature(order.order_id, paymentId, await keySecret()),
        };
      }
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: paymentMessages.testDeclined,
          reason: 'payment_failed',
          metadata: { order_id: order.order_id, payment_id: paymentId },
        },
      };
    },
  };
}

/**
 * The gateway the configuration names: the built-in test gateway when it is on (no Razorpay keys), Razorpay
 * otherwise, waiting `timeoutMs` for its API (tests shorten it).
 */
export function configuredGateway(
  { db, config }: { db: Kysely<Database>; config: Pick<Config, 'testGateway' | 'razorpay'> },
  timeoutMs?: number,
): { gateway: PaymentGatewayClient; testGateway?: TestGateway } {
  if (config.testGateway) {
    const testGateway = createTestGateway(db);
    return { gateway: testGateway, testGateway };
  }
  const { keyId, keySecret, apiUrl } = config.razorpay;
  return { gateway: createRazorpayGateway({ apiUrl, keyId: keyId ?? '', keySecret: keySecret ?? '', timeoutMs }) };
}

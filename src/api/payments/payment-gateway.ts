/**
 * The two things the site asks a payment gateway: make an order, and list an order's payments.
 * Razorpay's Orders API when keys are configured; the built-in test gateway otherwise (test-gateway.ts).
 */
import { z } from 'zod';
import type { PaymentGateway } from '../../contracts/payments.js';

export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface GatewayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  /** Razorpay's payment states: created, authorized, captured, refunded, failed. */
  status: string;
  error_description: string | null;
}

export interface OrderRequest {
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
}

export interface PaymentGatewayClient {
  readonly mode: PaymentGateway;
  readonly keyId: string;
  /** The secret checkout signatures are keyed with. */
  keySecret(): Promise<string>;
  createOrder(request: OrderRequest): Promise<GatewayOrder>;
  orderPayments(orderId: string): Promise<GatewayPayment[]>;
}

/** The gateway could not be reached, timed out, or answered something other than a valid success. */
export class GatewayError extends Error {}

const REQUEST_TIMEOUT_MS = 8_000;

const orderSchema = z.object({ id: z.string().min(1).max(100), amount: z.number().int(), currency: z.string() });
const paymentSchema = z.object({
  id: z.string().min(1).max(100),
  order_id: z.string().nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullable().optional(),
});
const paymentsSchema = z.object({ items: z.array(paymentSchema) });

/** Razorpay's REST API at RAZORPAY_API_URL, with basic auth (key id and secret). */
export function createRazorpayGateway(options: {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  timeoutMs?: number;
}): PaymentGatewayClient {
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new GatewayError(`Razorpay ${method} ${path} ${reason}`);
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const description = (payload as { error?: { description?: unknown } } | undefined)?.error?.description;
      throw new GatewayError(
        `Razorpay ${method} ${path} answered ${response.status}${typeof description === 'string' ? `: ${description}` : ''}`,
      );
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new GatewayError(`Razorpay ${method} ${path} answered an unexpected body`);
    return parsed.data;
  }

  return {
    mode: 'razorpay',
    keyId: options.keyId,
    keySecret: async () => options.keySecret,
    createOrder: (request) => call('POST', '/v1/orders', orderSchema, request),
    async orderPayments(orderId) {
      const { items } = await call('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`, paymentsSchema);
      return items.map((item) => ({
        id: item.id,
        order_id: item.order_id ?? orderId,
        amount: item.amount,
        currency: item.currency,
        status: item.status,
        error_description: item.error_description ?? null,
      }));
    },
  };
}

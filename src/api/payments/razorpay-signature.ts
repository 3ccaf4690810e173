/**
 * Razorpay's two signatures, as Razorpay documents them: the checkout's is the hex HMAC-SHA256 of
 * `order_id|payment_id` keyed with the key secret; the webhook's is the hex HMAC-SHA256 of the raw body
 * keyed with the separate webhook secret. Both are compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** True when `given` is exactly the expected hex digest; the time taken doesn't depend on where they differ. */
export function signatureMatches(expectedHex: string, given: string | undefined): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(expectedHex, 'utf8');
  const actual = Buffer.from(given.trim().toLowerCase(), 'utf8');
  // timingSafeEqual needs equal lengths; comparing against itself keeps the time the same when they differ.
  if (actual.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, actual);
}

import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../contracts/payments.js';
import { nextCheckDelayMs } from './payments.service.js';
import { checkoutSignature, signatureMatches, webhookSignature } from './razorpay-signature.js';

describe('Razorpay signatures', () => {
  // Computed independently: printf 'order_IluGWxBm9U8zJ8|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac
  // 'EnLs21M47BllR3X8PSFtjtbd'
  const expected = 'c7a6b6e37e5fb8b5387cd93cff2f9cedbf5cb78112fd50292c56b4cecb49b80d';

  it('signs a checkout as hex HMAC-SHA256 of order_id|payment_id', () => {
    expect(checkoutSignature('order_IluGWxBm9U8zJ8', 'pay_IH4NVgf4Dreq1l', 'EnLs21M47BllR3X8PSFtjtbd')).toBe(expected);
  });

  it('signs a webhook over the exact bytes of the body', () => {
    expect(webhookSignature('order_IluGWxBm9U8zJ8|pay_IH4NVgf4Dreq1l', 'EnLs21M47BllR3X8PSFtjtbd')).toBe(expected);
    expect(webhookSignature('{"a":1}', 's')).not.toBe(webhookSignature('{"a": 1}', 's'));
  });

  it('accepts only the exact digest', () => {
    expect(signatureMatches(expected, expected)).toBe(true);
    expect(signatureMatches(expected, expected.toUpperCase())).toBe(true);
    expect(signatureMatches(expected, `${expected.slice(0, -1)}e`)).toBe(false);
    expect(signatureMatches(expected, expected.slice(0, 32))).toBe(false);
    expect(signatureMatches(expected, '')).toBe(false);
    expect(signatureMatches(expected, undefined)).toBe(false);
    expect(signatureMatches(expected, `${expected}00`)).toBe(false);
  });
});

describe('payment helpers', () => {
  it('formats paise the Indian way', () => {
    expect(formatAmount(300000, 'INR')).toBe('Rs.3,000');
    expect(formatAmount(12345678, 'INR')).toBe('Rs.1,23,456.78');
    expect(formatAmount(150, 'USD')).toBe('USD 1.50');
  });

  it('asks about an unpaid order less and less often, at most hourly', () => {
    expect(nextCheckDelayMs(1)).toBe(5 * 60_000);
    expect(nextCheckDelayMs(2)).toBe(10 * 60_000);
    expect(nextCheckDelayMs(10)).toBe(60 * 60_000);
  });
});

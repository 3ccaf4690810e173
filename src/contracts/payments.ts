/**
 * The payment calls (`POST /api/v1/payments`, `POST /api/v1/payments/update_payment_status`),
 * the built-in test gateway's checkout, and the admin's payment list: shapes and messages, shared by both ends.
 */
import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema, pageQuerySchema } from './fields.js';

export const PAYMENT_CURRENCY = 'INR';

export const paymentGateways = ['razorpay', 'test'] as const;
export type PaymentGateway = (typeof paymentGateways)[number];

export const paymentStatuses = ['created', 'captured', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paidViaValues = ['checkout', 'webhook', 'reconciliation', 'manual'] as const;

/** How the teacher received a fee they record by hand (Update Payment). */
export const manualPaymentMethods = ['cash', 'bank_transfer', 'upi', 'cheque', 'discount'] as const;
export type ManualPaymentMethod = (typeof manualPaymentMethods)[number];
export const manualPaymentMethodLabels: Record<ManualPaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  upi: 'UPI',
  cheque: 'Cheque',
  discount: 'Discount (fee waived)',
};
export type PaidVia = (typeof paidViaValues)[number];

/**
 * What the original client sends to create an order: amount, email, name, mobile. All optional and all ignored
 * except as a courtesy: the server charges the fee it knows and prefills from the student's own record.
 */
export const createOrderInputSchema = z
  .object({
    amount: z.unknown().optional(),
    email: z.unknown().optional(),
    name: z.unknown().optional(),
    mobile: z.unknown().optional(),
  })
  .nullish();

/** Everything Razorpay Checkout (or the test checkout) needs to open for this order. */
export const paymentOrderSchema = z.object({
  order_id: z.string(),
  key: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  gateway: z.enum(paymentGateways),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

const gatewayId = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} is too long.`)
    .regex(/^[A-Za-z0-9_]+$/, `${label} is not valid.`);

/** The checkout's success answer, sent back to the server to be verified before anything is believed. */
export const paymentVerificationSchema = z.object({
  order_id: gatewayId('The order ID'),
  razorpay_payment_id: gatewayId('The payment ID'),
  razorpay_signature: z
    .string({ error: 'The payment signature is required.' })
    .trim()
    .min(1, 'The payment signature is required.')
    .max(256, 'The payment signature is too long.'),
});
export type PaymentVerification = z.infer<typeof paymentVerificationSchema>;

export const paymentVerifiedSchema = z.object({
  order_id: z.string(),
  payment_id: z.string(),
  status: z.literal('captured'),
  student_status: z.number().int(),
  message: z.string(),
});
export type PaymentVerified = z.infer<typeof paymentVerifiedSchema>;

/** A payment as its student sees it on My Payment. */
export const studentPaymentSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  payment_id: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(paymentStatuses),
  paid_via: z.enum(paidViaValues).nullable(),
  paid_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  /** 'RCPT-000001' …, once captured: its PDF is downloadable. */
  receipt_number: z.string().nullable(),
});
export type StudentPayment = z.infer<typeof studentPaymentSchema>;

export const myPaymentsSchema = z.object({
  fee: z.object({ amount: z.number().int(), currency: z.string() }),
  gateway: z.enum(paymentGateways),
  payments: z.array(studentPaymentSchema),
});
export type MyPayments = z.infer<typeof myPaymentsSchema>;

/** A row of the admin's payment list. */
export const adminPaymentSchema = studentPaymentSchema.extend({
  /** How the teacher received a fee they recorded (UPI, cash…); null for online payments and older records. */
  manual_method: z.enum(manualPaymentMethods).nullable(),
  student_id: z.number().int().nullable(),
  student_email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** A payment's state in plain words (the gateway's "captured" is a payment received). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  captured: 'Paid',
  failed: 'Failed',
  created: 'Not paid',
};

/** How a payment came: online (and how the site learnt of it), or what the teacher recorded ("UPI", "Cash"). */
export function paymentViaLabel(payment: { paid_via: PaidVia | null; manual_method: ManualPaymentMethod | null }) {
  switch (payment.paid_via) {
    case null:
      return '—';
    case 'manual':
      return payment.manual_method
        ? `${manualPaymentMethodLabels[payment.manual_method]}, recorded by you`
        : 'Recorded by you';
    case 'checkout':
      return 'Online';
    case 'webhook':
      return 'Online (told by the gateway)';
    case 'reconciliation':
      return 'Online (found by the daily check)';
  }
}

/**
 * The failed attempt a payment's row keeps: on a failed order its reason; on one paid later (the student tried
 * again on the same order) the reason of the attempt that failed before.
 */
export function failedAttemptText(payment: { status: PaymentStatus; failure_reason: string | null }): string | null {
  if (!payment.failure_reason) return null;
  return payment.status === 'captured'
    ? `Paid after a failed attempt: ${payment.failure_reason}`
    : payment.failure_reason;
}
export const adminPaymentListSchema = z.array(adminPaymentSchema);

/** The admin's payment list: a status filter, then the page. */
export const adminPaymentsQuerySchema = z.object({
  status: z.enum(paymentStatuses).optional(),
  ...pageQuerySchema.shape,
});
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;

/** The test gateway's checkout: the tester chooses how the payment ends. */
export const testCheckoutInputSchema = z.object({
  order_id: gatewayId('The order ID'),
  outcome: z.enum(['success', 'failure'], { error: 'Choose whether the test payment succeeds or fails.' }),
});

/** Razorpay Checkout's `handler` response; the test checkout answers the same shape. */
export const checkoutSuccessSchema = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type CheckoutSuccess = z.infer<typeof checkoutSuccessSchema>;

/** Razorpay Checkout's `payment.failed` response, in the parts the site reads. */
export const checkoutFailureSchema = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    reason: z.string(),
    metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
  }),
});
export type CheckoutFailure = z.infer<typeof checkoutFailureSchema>;

export type TestCheckoutInput = z.infer<typeof testCheckoutInputSchema>;
/** What the test checkout answers: Razorpay Checkout's success or failure response. */
export const testCheckoutResultSchema = z.union([checkoutSuccessSchema, checkoutFailureSchema]);
export type TestCheckoutResult = z.infer<typeof testCheckoutResultSchema>;

/** A Razorpay webhook's body, in the parts the site reads (the rest passes through unread). */
export const razorpayPaymentEntitySchema = z.object({
  id: z.string().min(1).max(100),
  order_id: z.string().max(100).nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string().optional(),
  error_description: z.string().nullable().optional(),
});
export const razorpayWebhookEventSchema = z.object({
  event: z.string().max(100),
  payload: z
    .object({
      payment: z.object({ entity: razorpayPaymentEntitySchema }).optional(),
      order: z.object({ entity: z.object({ id: z.string().max(100) }).passthrough() }).optional(),
    })
    .passthrough(),
});
export type RazorpayWebhookEvent = z.infer<typeof razorpayWebhookEventSchema>;

export const paymentMessages = {
  /** The success alert the original client shows. */
  successful: (paymentId: string) => `Payment successful! Payment ID: ${paymentId}`,
  alreadyPaid: 'You have already paid the course fee.',
  orderInProgress: 'Your payment is already being set up. Please try again in a moment.',
  gatewayDown: 'The payment service is not answering right now. No money was taken. Please try again in a few minutes.',
  notVerified:
    'This payment could not be verified. If money was taken, it will be matched to your account automatically within an hour; otherwise please try again.',
  orderAlreadyPaidOtherwise: 'This order is already paid with another payment.',
  failed: (reason: string) => `Payment failed: ${reason} You can try again.`,
  cancelled: 'Payment cancelled. You can try again whenever you are ready.',
  checkoutUnavailable: 'The payment window could not be opened. Please check your connection and try again.',
  testGatewayOff: 'The test gateway is off: this site takes payments through Razorpay.',
  testDeclined: 'The tester chose to fail this test payment.',
  noSuchReceipt: 'No receipt was found for this payment.',
  orderRetired:
    'This order was replaced when the course fee changed. Please open My Payment again to pay the current fee.',
  /** The checkout's answer when a payment arrived that is not taken as the fee (money to give back). */
  refundDue: {
    retired:
      'This payment was for an order replaced when the course fee changed, so it was not taken as your fee: it will be refunded. Please pay again from My Payment.',
    studentPaid: 'You had already paid the course fee, so this second payment will be refunded.',
    orderPaid: 'This order was already paid, so this second payment will be refunded.',
  },
  noSuchRefund: 'No such refund, or it is marked refunded already.',
} as const;

/** Why a payment received was not credited, as the teacher's Payments panel says it. */
export const refundReasons = {
  retired: 'Paid for an order retired when the course fee changed.',
  studentPaid: 'The student had already paid the fee.',
  orderPaid: 'A second payment for an order already paid.',
} as const;
export type RefundReason = keyof typeof refundReasons;

/** A payment received that was not credited: the teacher refunds it at the gateway, then marks it refunded. */
export const refundDueSchema = z.object({
  id: z.number().int(),
  student_id: z.number().int().nullable(),
  student_email: z.string(),
  order_id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  received_via: z.enum(paidViaValues),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type RefundDue = z.infer<typeof refundDueSchema>;
export const refundDueListSchema = z.array(refundDueSchema);

/** 300000 paise, INR -> "Rs.3,000"; paise show only when there are some. */
export function formatAmount(amount: number, currency: string): string {
  const units = amount / 100;
  const text = units.toLocaleString('en-IN', {
    minimumFractionDigits: Number.isInteger(units) ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return currency === PAYMENT_CURRENCY ? `Rs.${text}` : `${currency} ${text}`;
}

/** What the site did with a webhook's event: applied it, had applied it before, or had nothing to do. */
export const webhookResultSchema = z.object({ status: z.enum(['applied', 'duplicate', 'ignored']) });

/** The endpoints of a student's payment, the admin's list and Razorpay's webhook. */
export const paymentsEndpoints = endpoints({
  /** Razorpay's webhook: authenticated by its signature over the raw body, not by a session. */
  webhook: {
    method: 'POST',
    path: '/api/v1/payments/webhook',
    access: 'public',
    response: { 200: webhookResultSchema },
  },
  createOrder: {
    method: 'POST',
    path: '/api/v1/payments',
    access: 'student',
    body: createOrderInputSchema,
    response: { 200: paymentOrderSchema, 201: paymentOrderSchema },
  },
  myPayments: { method: 'GET', path: '/api/v1/payments', access: 'student', response: { 200: myPaymentsSchema } },
  updatePaymentStatus: {
    method: 'POST',
    path: '/api/v1/payments/update_payment_status',
    access: 'student',
    body: paymentVerificationSchema,
    response: { 200: paymentVerifiedSchema },
  },
  testCheckout: {
    method: 'POST',
    path: '/api/v1/payments/test_checkout',
    access: 'student',
    body: testCheckoutInputSchema,
    response: { 200: testCheckoutResultSchema },
  },
  allPayments: {
    method: 'GET',
    path: '/api/v1/admin/payments',
    access: 'admin',
    query: adminPaymentsQuerySchema,
    response: { 200: adminPaymentListSchema },
  },
  /** Every payment (the status filter as the list's) as a spreadsheet: the list's columns, in plain words. */
  allPaymentsCsv: {
    method: 'GET',
    path: '/api/v1/admin/payments.csv',
    access: 'admin',
    query: adminPaymentsQuerySchema.pick({ status: true }),
  },
  refundsDue: { method: 'GET', path: '/api/v1/admin/refunds', access: 'admin', response: { 200: refundDueListSchema } },
  markRefunded: {
    method: 'POST',
    path: '/api/v1/admin/refunds/:id/refunded',
    access: 'admin',
    params: idParamsSchema,
    response: { 200: refundDueListSchema },
  },
});

/** The endpoints of receipts. */
export const receiptsEndpoints = endpoints({
  myReceipt: { method: 'GET', path: '/api/v1/me/payments/:id/receipt.pdf', access: 'student', params: idParamsSchema },
  adminReceipt: {
    method: 'GET',
    path: '/api/v1/admin/payments/:id/receipt.pdf',
    access: 'admin',
    params: idParamsSchema,
  },
});

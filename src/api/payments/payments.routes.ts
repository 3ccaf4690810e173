import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  adminPaymentSchema,
  checkoutFailureSchema,
  checkoutSuccessSchema,
  createOrderInputSchema,
  myPaymentsSchema,
  PAYMENT_CURRENCY,
  paymentMessages,
  paymentOrderSchema,
  paymentStatuses,
  paymentVerificationSchema,
  paymentVerifiedSchema,
  testCheckoutInputSchema,
} from '../../contracts/payments.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { PaymentsService } from './payments.service.js';
import {
  countAllPayments,
  findPaymentByOrderId,
  isPlaceholder,
  listAllPayments,
  listStudentPayments,
} from './payments.repository.js';
import type { TestGateway } from './test-gateway.js';

interface Options {
  db: Kysely<Database>;
  payments: PaymentsService;
  feePaise: number;
  /** Present only when no Razorpay keys are set. */
  testGateway: TestGateway | undefined;
}

function studentOnly(role: string): void {
  if (role !== 'student') throw new AppError('forbidden', 'Only students pay the course fee.');
}

export const paymentsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, payments, feePaise, testGateway }) => {
  app.post(
    '/api/v1/payments',
    { schema: { body: createOrderInputSchema, response: { 200: paymentOrderSchema, 201: paymentOrderSchema } } },
    async (request, reply) => {
      const student = currentStudent(request);
      studentOnly(student.role);
      const { order, created } = await payments.createOrder(student);
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get('/api/v1/payments', { schema: { response: { 200: myPaymentsSchema } } }, async (request) => {
    const student = currentStudent(request);
    return {
      fee: { amount: feePaise, currency: PAYMENT_CURRENCY },
      gateway: payments.gatewayMode,
      payments: await listStudentPayments(db, student.id),
    };
  });

  app.post(
    '/api/v1/payments/update_payment_status',
    { schema: { body: paymentVerificationSchema, response: { 200: paymentVerifiedSchema } } },
    async (request) => {
      const student = currentStudent(request);
      studentOnly(student.role);
      return payments.verifyCheckout(student, request.body);
    },
  );

  // The built-in test gateway's checkout page calls this when the tester chooses how the payment ends.
  app.post(
    '/api/v1/payments/test_checkout',
    {
      schema: {
        body: testCheckoutInputSchema,
        response: { 200: z.union([checkoutSuccessSchema, checkoutFailureSchema]) },
      },
    },
    async (request) => {
      if (!testGateway) throw new AppError('notFound', paymentMessages.testGatewayOff);
      const student = currentStudent(request);
      const row = await findPaymentByOrderId(db, request.body.order_id);
      if (!row || row.student_id !== student.id || isPlaceholder(row.order_id))
        throw new AppError('notFound', 'No such order.');
      if (row.status === 'captured') throw new AppError('conflict', paymentMessages.alreadyPaid);
      const result = await testGateway.pay(row, request.body.outcome);
      // What Razorpay's payment.failed webhook would record in live mode.
      if ('error' in result) await payments.recordCheckoutFailure(student, row.order_id, result.error.description);
      return result;
    },
  );

  // Razorpay's webhook: public, authenticated by its signature over the raw body, so this context reads bodies as
  // bytes.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post('/api/v1/payments/webhook', { config: { access: 'public' } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const result = await payments.handleWebhook(raw, header('x-razorpay-signature'), header('x-razorpay-event-id'));
      return { status: result };
    });
  });

  app.get(
    '/api/v1/admin/payments',
    {
      config: { access: 'admin' },
      schema: {
        querystring: z.object({
          status: z.enum(paymentStatuses).optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          per_page: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.array(adminPaymentSchema) },
      },
    },
    async (request, reply) => {
      const { status, page, per_page: perPage } = request.query;
      const [rows, total] = await Promise.all([
        listAllPayments(db, { status, limit: perPage, offset: (page - 1) * perPage }),
        countAllPayments(db, status),
      ]);
      return reply.header('x-total-count', String(total)).send(rows);
    },
  );
};

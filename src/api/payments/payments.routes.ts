import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPaymentListSchema,
  adminPaymentsQuerySchema,
  createOrderInputSchema,
  myPaymentsSchema,
  paymentOrderSchema,
  paymentVerificationSchema,
  paymentVerifiedSchema,
  refundDueListSchema,
  testCheckoutInputSchema,
  testCheckoutResultSchema,
} from '../../contracts/payments.js';
import { idParamsSchema } from '../../contracts/fields.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { PaymentsService } from './payments.service.js';

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.post(
    '/api/v1/payments',
    { schema: { body: createOrderInputSchema, response: { 200: paymentOrderSchema, 201: paymentOrderSchema } } },
    async (request, reply) => {
      const { order, created } = await payments.createOrder(currentStudent(request));
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get('/api/v1/payments', { schema: { response: { 200: myPaymentsSchema } } }, async (request) =>
    payments.myPayments(currentStudent(request)),
  );

  app.post(
    '/api/v1/payments/update_payment_status',
    { schema: { body: paymentVerificationSchema, response: { 200: paymentVerifiedSchema } } },
    async (request) => payments.verifyCheckout(currentStudent(request), request.body),
  );

  // The built-in test gateway's checkout page calls this when the tester chooses how the payment ends.
  app.post(
    '/api/v1/payments/test_checkout',
    {
      schema: { body: testCheckoutInputSchema, response: { 200: testCheckoutResultSchema } },
    },
    async (request) => payments.testCheckout(currentStudent(request), request.body),
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
      schema: { querystring: adminPaymentsQuerySchema, response: { 200: adminPaymentListSchema } },
    },
    async (request, reply) => {
      const { rows, total } = await payments.adminList(request.query);
      return reply.header('x-total-count', String(total)).send(rows);
    },
  );

  // Payments received and not credited (a retired order's, a second one): the teacher refunds them at the gateway.
  app.get(
    '/api/v1/admin/refunds',
    { config: { access: 'admin' }, schema: { response: { 200: refundDueListSchema } } },
    () => payments.refundsDue(),
  );
  app.post(
    '/api/v1/admin/refunds/:id/refunded',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: refundDueListSchema } } },
    (request) => payments.markRefunded(request.params.id),
  );
};

import type { Area } from '../app-deps.js';
import { route } from '../http/endpoint-route.js';
import { paymentsEndpoints } from '../../contracts/payments.js';
import { currentStudent } from '../auth/auth-guard.js';

export const paymentsRoutes: Area = async (app, { payments }) => {
  route(app, paymentsEndpoints.createOrder, async (request, reply) => {
    const { order, created } = await payments.createOrder(currentStudent(request));
    return reply.status(created ? 201 : 200).send(order);
  });

  route(app, paymentsEndpoints.myPayments, async (request) => payments.myPayments(currentStudent(request)));

  route(app, paymentsEndpoints.updatePaymentStatus, async (request) =>
    payments.verifyCheckout(currentStudent(request), request.body),
  );

  // The built-in test gateway's checkout page calls this when the tester chooses how the payment ends.
  route(app, paymentsEndpoints.testCheckout, async (request) =>
    payments.testCheckout(currentStudent(request), request.body),
  );

  // Razorpay's webhook: public, authenticated by its signature over the raw body, so this context reads bodies as
  // bytes.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    route(webhook, paymentsEndpoints.webhook, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const result = await payments.handleWebhook(raw, header('x-razorpay-signature'), header('x-razorpay-event-id'));
      return { status: result };
    });
  });

  route(app, paymentsEndpoints.allPayments, async (request, reply) => {
    const { rows, total } = await payments.adminList(request.query);
    return reply.header('x-total-count', String(total)).send(rows);
  });

  route(app, paymentsEndpoints.allPaymentsCsv, async (request, reply) => {
    const { filename, csv } = await payments.adminCsv(request.query.status);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(csv);
  });

  // Payments received and not credited (a retired order's, a second one): the teacher refunds them at the gateway.
  route(app, paymentsEndpoints.refundsDue, () => payments.refundsDue());
  route(app, paymentsEndpoints.markRefunded, (request) => payments.markRefunded(request.params.id));
};

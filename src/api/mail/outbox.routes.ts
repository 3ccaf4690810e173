import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxListSchema, outboxQuerySchema } from '../../contracts/admin.js';
import type { OutboxService } from './outbox.service.js';

/** The admin reads every message the site wrote, delivered or not (the only way to see them without SMTP). */
export const outboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxService }> = async (app, { outbox }) => {
  app.get(
    '/api/v1/admin/outbox',
    {
      config: { access: 'admin' },
      schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema } },
    },
    async (request) => outbox.list(request.query.limit),
  );
};

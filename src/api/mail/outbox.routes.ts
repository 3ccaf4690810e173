import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint-route.js';
import { outboxEndpoints } from '../../contracts/admin.js';
import type { OutboxService } from './outbox.service.js';

/** The admin reads every message the site wrote, delivered or not (the only way to see them without SMTP). */
export const outboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxService }> = async (app, { outbox }) => {
  route(app, outboxEndpoints.outbox, async (request) => outbox.list(request.query.limit));
};

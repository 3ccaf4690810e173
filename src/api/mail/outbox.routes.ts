import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { listOutbox } from './outbox.repository.js';
import { outboxEntrySchema } from '../../contracts/admin.js';

/** The admin reads every message the site wrote, delivered or not (the only way to see them without SMTP). */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/api/v1/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(outboxEntrySchema) },
      },
    },
    async (request) => listOutbox(db, request.query.limit),
  );
};

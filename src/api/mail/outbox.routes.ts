import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { listOutbox } from './outbox.repository.js';

const outboxEntrySchema = z.object({
  id: z.number(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  logged_at: z.string().nullable(),
});

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

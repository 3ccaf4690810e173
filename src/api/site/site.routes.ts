import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { healthSchema, siteInfoSchema } from '../../contracts/site.js';
import { type Config, siteInfoOf } from '../config/env.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';

interface Options {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
}

export const siteRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, dialect, config }) => {
  app.get(
    '/api/v1/site',
    { config: { access: 'public' }, schema: { response: { 200: siteInfoSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return siteInfoOf(config);
    },
  );

  app.get('/healthz', { config: { access: 'public' }, schema: { response: { 200: healthSchema } } }, async () => {
    await db.selectFrom('students').select('id').limit(1).execute();
    return { status: 'ok' as const, database: dialect };
  });
};

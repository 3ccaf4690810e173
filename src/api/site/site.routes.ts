import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { healthSchema, siteInfoSchema } from '../../contracts/site.js';
import type { Config } from '../config/env.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { DEFAULT_ADMIN_EMAIL } from '../db/seed.js';

interface Options {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
}

export const siteRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, dialect, config }) => {
  app.get('/api/v1/site', { config: { access: 'public' }, schema: { response: { 200: siteInfoSchema } } }, async () => {
    const admin = await db.selectFrom('students').select('email').where('role', '=', 'admin').orderBy('id').limit(1).executeTakeFirst();
    return { adminEmail: admin?.email ?? config.admin.email ?? DEFAULT_ADMIN_EMAIL, courseFeePaise: config.courseFeePaise };
  });

  app.get('/healthz', { config: { access: 'public' }, schema: { response: { 200: healthSchema } } }, async () => {
    await db.selectFrom('students').select('id').limit(1).execute();
    return { status: 'ok' as const, database: dialect };
  });
};

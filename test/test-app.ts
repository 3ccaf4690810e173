import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../src/api/app.js';
import { parseConfig, type Config } from '../src/api/config/env.js';
import type { DatabaseHandle } from '../src/api/db/database.js';
import { createTestDatabase } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  /** The database, and its URL for a second connection pool (another process, as far as the database can tell). */
  database: DatabaseHandle & { url: string };
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real, isolated database; requests go through `app.inject`. */
export async function createTestApp(
  env: Record<string, string> = {},
  distDir?: string,
  options: Pick<
    AppOptions,
    | 'onMailQueued'
    | 'ipRateLimits'
    | 'accountLimits'
    | 'accountWriteLimits'
    | 'gatewayTimeoutMs'
    | 'logger'
    | 'timeouts'
    | 'clock'
    | 'notificationPollMs'
    | 'streamLimits'
    | 'importReader'
  > = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = parseConfig({
    NODE_ENV: 'test',
    ADMIN_EMAIL: 'teacher@example.com',
    APP_URL: 'http://course.test',
    // The app's own connections (live events' LISTEN) go to the test's database.
    DATABASE_URL: database.url,
    ...env,
  });
  const app = await buildApp({ config, db: database.db, dialect: database.dialect, distDir, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

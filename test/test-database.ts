import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/api/db/database.js';
import { migrateToLatest } from '../src/api/db/migrate.js';

export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * A fresh, migrated database of the dialect under test: an in-memory SQLite database,
 * or a new database in the throwaway PostgreSQL cluster. Nothing is shared between test files.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  if (testDialect() === 'sqlite') {
    const handle = openDatabase('sqlite::memory:');
    await migrateToLatest(handle.db);
    return { ...handle, url: 'sqlite::memory:' };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    async destroy() {
      await handle.destroy();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

import { type Kysely, Migrator, PostgresAdapter, sql } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/** Any number for the advisory lock that serialises start-ups on PostgreSQL; the same in every process. */
const STARTUP_LOCK = 7_310_042;

/**
 * Several processes starting at once against one PostgreSQL: the first to take the advisory lock migrates (and
 * seeds), the others wait and then find nothing to do. Kysely's own migration lock comes after creating its
 * tables, which two processes must not do at the same moment.
 */
export async function withStartupLock<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work(db);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error.message : String(error);
    // Before any migration runs, the migrator creates its own tables: a role that may not create tables fails there.
    const what = failed
      ? `Migration ${failed.migrationName}`
      : 'Setting up the migrations (the kysely_migration tables)';
    const hint = /permission denied for schema/i.test(cause)
      ? ' The database role must own the database: ALTER DATABASE <database> OWNER TO <role>;'
      : '';
    throw new Error(`${what} failed: ${cause}.${hint}`);
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

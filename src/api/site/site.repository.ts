import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A cheap read that fails when the database is away. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await db.selectFrom('students').select('id').limit(1).execute();
}

import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** The profile email (`POST /invite_email`) counts what was recently queued for one address: read by index. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('outbox_to_address_idx').on('outbox').columns(['to_address', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_to_address_idx').execute();
}

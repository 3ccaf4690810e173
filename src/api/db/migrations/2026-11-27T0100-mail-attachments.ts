import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * A message may carry one document (a receipt, a certificate): the outbox keeps which one (`{"kind","id"}` as
 * JSON), not its bytes, and the mail worker renders it when it sends. The outbox stays small, and a document that
 * changed before sending (a revoked certificate) goes out as it is then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('attachment', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('attachment').execute();
}

import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** How a payment the teacher recorded was received (cash, bank transfer, UPI, cheque, a discount); null otherwise. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('manual_method', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('manual_method').execute();
}

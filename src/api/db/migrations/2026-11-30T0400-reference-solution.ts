import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** A program keeps the teacher's reference solution with its tests (an import brings CodeRunner's answer). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('programs').addColumn('reference_solution', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('programs').dropColumn('reference_solution').execute();
}

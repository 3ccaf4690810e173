import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * A doubt may be about a step of a run the student stepped through: the code, its input and files, and the step
 * (JSON), so the teacher opens the doubt at that step.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('doubts').addColumn('trace', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('doubts').dropColumn('trace').execute();
}

import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** A program's topic ("Pointers", "File handling"): the teacher's list is filtered by it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('programs').addColumn('topic', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('programs').dropColumn('topic').execute();
}

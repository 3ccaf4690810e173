import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * A line comment keeps the code it was written on: what the line read and whether it was the draft or the submitted
 * solution, so it follows that line when the student edits, and shows as outdated once the line changed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('code_comments').addColumn('line_text', 'text').execute();
  await db.schema.alterTable('code_comments').addColumn('written_on', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('code_comments').dropColumn('written_on').execute();
  await db.schema.alterTable('code_comments').dropColumn('line_text').execute();
}

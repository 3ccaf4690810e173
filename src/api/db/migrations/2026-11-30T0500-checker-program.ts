import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** A program's checker program: the teacher's C that judges the output of the tests checked by it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('programs').addColumn('checker_code', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('programs').dropColumn('checker_code').execute();
}

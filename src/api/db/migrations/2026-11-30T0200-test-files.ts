import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** A test case may give the program files (its private folder) and expect files it must leave: JSON arrays. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('program_tests')
    .addColumn('files', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('program_tests')
    .addColumn('expected_files', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['expected_files', 'files'])
    await db.schema.alterTable('program_tests').dropColumn(column).execute();
}

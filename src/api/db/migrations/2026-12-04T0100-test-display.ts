import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * When a visible test's result is shown in full ('always', 'when_passed', 'when_failed'), and whether its failure
 * hides the results of the tests after it: CodeRunner's display and "hide rest if fail", carried over on import.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('program_tests')
    .addColumn('shown', 'text', (col) => col.notNull().defaultTo('always'))
    .execute();
  await db.schema
    .alterTable('program_tests')
    .addColumn('hide_rest_if_fail', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('program_tests').dropColumn('hide_rest_if_fail').execute();
  await db.schema.alterTable('program_tests').dropColumn('shown').execute();
}

import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * Each test case says how its output is checked (exact, ignoring case, numbers within a tolerance, a pattern) and
 * what command-line arguments the program gets. Tests made before were compared ignoring spaces at line ends and
 * blank lines at the end, which "trimmed" keeps.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('program_tests')
    .addColumn('checker', 'text', (col) => col.notNull().defaultTo('trimmed'))
    .execute();
  await db.schema
    .alterTable('program_tests')
    .addColumn('tolerance', 'double precision', (col) => col.notNull().defaultTo(0.001))
    .execute();
  // A JSON array of strings.
  await db.schema
    .alterTable('program_tests')
    .addColumn('args', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['args', 'tolerance', 'checker'])
    await db.schema.alterTable('program_tests').dropColumn(column).execute();
}

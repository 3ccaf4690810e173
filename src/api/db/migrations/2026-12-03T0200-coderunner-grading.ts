import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * A program imported from CodeRunner keeps how Moodle graded it (issue 45): its template (Twig), whether it runs
 * all tests at once, its template parameters and "all or nothing", as JSON; null for the site's own programs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('programs').addColumn('coderunner', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('programs').dropColumn('coderunner').execute();
}

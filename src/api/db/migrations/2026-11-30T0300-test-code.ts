import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** A test case of a function exercise: the teacher's C code that calls the student's functions. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('program_tests')
    .addColumn('test_code', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('program_tests').dropColumn('test_code').execute();
}

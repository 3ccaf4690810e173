import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * students.batch_joined_at: when the student was placed in the batch they are in (set with student_batch by the
 * site whenever it changes). A student's attendance counts the batch's classes from then on: classes held before
 * they joined are not theirs to have missed. Students placed before this column existed have null, and every class
 * of their batch counts for them, as before: when they joined was not recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('students')
    .addColumn('batch_joined_at', isPostgres ? 'timestamptz' : 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students').dropColumn('batch_joined_at').execute();
}

import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * The self assessment test a student was dealt: an attempt is accepted only for these questions, and once. Without
 * it a student could send any question ids and read the answers of each in the review (the whole key in 30 tries).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('quiz_deals')
    .addColumn('student_id', 'integer', (col) => col.primaryKey().references('students.id').onDelete('cascade'))
    // JSON array of quiz_questions ids, in the order they were shown.
    .addColumn('question_ids', 'text', (col) => col.notNull())
    .addColumn('created_at', isPostgres ? 'timestamptz' : 'text', (col) =>
      col.notNull().defaultTo(isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quiz_deals').execute();
}

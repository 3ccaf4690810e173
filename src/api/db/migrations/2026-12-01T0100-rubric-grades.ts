import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * Grading by hand: a program's rubric (a JSON list of criteria with points) and one grade per student program,
 * kept unseen by the student until the teacher releases it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestampType = isPostgres ? 'timestamptz' : 'text';
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .alterTable('programs')
    .addColumn('rubric', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('manual_grades')
    .addColumn('student_program_id', 'integer', (col) =>
      col.primaryKey().references('student_programs.id').onDelete('cascade'),
    )
    .addColumn('scores', 'text', (col) => col.notNull())
    .addColumn('score', 'integer', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('feedback', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('graded_by', 'text', (col) => col.notNull())
    .addColumn('graded_at', timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn('released_at', timestampType)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('manual_grades').execute();
  await db.schema.alterTable('programs').dropColumn('rubric').execute();
}

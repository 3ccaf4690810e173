import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = isPostgres ? 'serial' : 'integer';
  const timestampType = isPostgres ? 'timestamptz' : 'text';
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const id = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema.alterTable('programs').addColumn('starter_code', 'text').execute();

  await db.schema
    .createTable('program_tests')
    .addColumn('id', idType, id)
    .addColumn('program_id', 'integer', (col) => col.notNull().references('programs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('stdin', 'text', (col) => col.notNull())
    .addColumn('expected_output', 'text', (col) => col.notNull())
    .addColumn('visible', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('points', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`points >= 0`),
    )
    .execute();
  await db.schema
    .createIndex('program_tests_program_idx')
    .on('program_tests')
    .columns(['program_id', 'position'])
    .execute();

  // The student's workspace on a program: the autosaved draft and what the teacher's supervision panel shows.
  await db.schema.alterTable('student_programs').addColumn('draft_code', 'text').execute();
  await db.schema.alterTable('student_programs').addColumn('draft_saved_at', timestampType).execute();
  await db.schema.alterTable('student_programs').addColumn('last_run_at', timestampType).execute();
  await db.schema.alterTable('student_programs').addColumn('last_run_summary', 'text').execute();
  await db.schema.alterTable('student_programs').addColumn('best_score', 'integer').execute();
  await db.schema.alterTable('student_programs').addColumn('best_total', 'integer').execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', idType, id)
    .addColumn('student_program_id', 'integer', (col) =>
      col.notNull().references('student_programs.id').onDelete('cascade'),
    )
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('graded', 'compile_error')`))
    .addColumn('score', 'integer', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    // JSON: the whole grade result (compile diagnostics and per-test verdicts).
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType, (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('submissions_student_program_idx')
    .on('submissions')
    .columns(['student_program_id', 'id'])
    .execute();

  await db.schema
    .createTable('code_comments')
    .addColumn('id', idType, id)
    .addColumn('student_program_id', 'integer', (col) =>
      col.notNull().references('student_programs.id').onDelete('cascade'),
    )
    .addColumn('line', 'integer', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('author_id', 'integer', (col) => col.references('students.id').onDelete('set null'))
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType, (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('code_comments_student_program_idx')
    .on('code_comments')
    .columns(['student_program_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('code_comments').execute();
  await db.schema.dropTable('submissions').execute();
  for (const column of [
    'best_total',
    'best_score',
    'last_run_summary',
    'last_run_at',
    'draft_saved_at',
    'draft_code',
  ]) {
    await db.schema.alterTable('student_programs').dropColumn(column).execute();
  }
  await db.schema.dropTable('program_tests').execute();
  await db.schema.alterTable('programs').dropColumn('starter_code').execute();
}

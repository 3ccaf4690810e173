import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = isPostgres ? 'serial' : 'integer';
  const timestampType = isPostgres ? 'timestamptz' : 'text';
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  // Once the admin closes a program, its solutions can no longer be changed.
  await db.schema.alterTable('programs').addColumn('closed_at', timestampType).execute();

  await db.schema
    .createTable('quiz_attempts')
    .addColumn('id', idType, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('score', 'integer', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    // JSON: [{ question, options, chosen, correct }] as they were when the attempt was scored.
    .addColumn('review', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType, (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('quiz_attempts_student_idx').on('quiz_attempts').columns(['student_id', 'id']).execute();

  await db.schema
    .createTable('doubts')
    .addColumn('id', idType, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (col) => col.references('course_sessions.id').onDelete('set null'))
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_at', timestampType)
    .addColumn('created_at', timestampType, (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('doubts_student_idx').on('doubts').columns(['student_id', 'id']).execute();
  await db.schema.createIndex('doubts_open_idx').on('doubts').columns(['answered_at', 'id']).execute();

  // Small site-wide settings the admin sets, such as the course book's address.
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('doubts').execute();
  await db.schema.dropTable('quiz_attempts').execute();
  await db.schema.alterTable('programs').dropColumn('closed_at').execute();
}

import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * Timed work: a program opens for a batch at a moment and closes a number of minutes later; one student may be
 * given extra minutes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = isPostgres ? 'serial' : 'integer';
  const id = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());
  await db.schema
    .createTable('timed_work')
    .addColumn('id', idType, id)
    .addColumn('program_number', 'integer', (col) => col.notNull())
    .addColumn('batch_number', 'integer', (col) => col.notNull())
    .addColumn('opens_at', 'text', (col) => col.notNull())
    .addColumn('minutes', 'integer', (col) => col.notNull().check(sql`minutes > 0`))
    .addUniqueConstraint('timed_work_program_batch', ['program_number', 'batch_number'])
    .execute();
  await db.schema
    .alterTable('student_programs')
    .addColumn('extra_minutes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('student_programs').dropColumn('extra_minutes').execute();
  await db.schema.dropTable('timed_work').execute();
}

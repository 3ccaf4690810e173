import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  // Who changed a student's status, from what to what, and when; kept when either account is deleted.
  await db.schema
    .createTable('status_changes')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('student_id', 'integer', (col) => col.references('students.id').onDelete('set null'))
    .addColumn('student_email', 'text', (col) => col.notNull())
    .addColumn('from_status', 'integer', (col) => col.notNull())
    .addColumn('to_status', 'integer', (col) => col.notNull())
    .addColumn('changed_by', 'integer', (col) => col.references('students.id').onDelete('set null'))
    .addColumn('changed_by_email', 'text', (col) => col.notNull())
    .addColumn('created_at', isPostgres ? 'timestamptz' : 'text', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('status_changes_student_idx').on('status_changes').column('student_id').execute();
  // The admin lists filter by role (and status) and sort by one column: an index per sortable column
  // keeps a page of 100,000 students from sorting the whole table.
  await db.schema
    .createIndex('students_role_status_id_idx')
    .on('students')
    .columns(['role', 'student_status', 'id'])
    .execute();
  for (const column of ['first_name', 'last_name', 'email', 'city', 'country', 'student_batch', 'created_at']) {
    await db.schema.createIndex(`students_role_${column}_idx`).on('students').columns(['role', column, 'id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['first_name', 'last_name', 'email', 'city', 'country', 'student_batch', 'created_at']) {
    await db.schema.dropIndex(`students_role_${column}_idx`).execute();
  }
  await db.schema.dropIndex('students_role_status_id_idx').execute();
  await db.schema.dropTable('status_changes').execute();
}

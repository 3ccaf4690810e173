import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * Certificates of completion (issue 20): one row per certificate issued, never deleted when the teacher reverts the
 * completion (revoked_at is set instead), deleted with the student's account. What the certificate states is copied
 * onto the row when it is issued, so a later edit of a profile, a batch or the settings does not change it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const instant = isPostgres ? 'timestamptz' : 'text';
  const id = isPostgres ? 'serial' : 'integer';

  await db.schema
    .createTable('certificates')
    .addColumn('id', id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    /** XXXX-XXXX-XXXX in Crockford base32, from random bytes; printed on the certificate and in its address. */
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('student_name', 'text', (col) => col.notNull())
    .addColumn('course', 'text', (col) => col.notNull())
    .addColumn('batch_number', 'integer')
    /** The batch's first and last class, days of the course calendar ('2026-11-30'). */
    .addColumn('batch_start', 'text')
    .addColumn('batch_end', 'text')
    .addColumn('teacher_name', 'text', (col) => col.notNull())
    .addColumn('issued_at', instant, (col) => col.notNull().defaultTo(now))
    .addColumn('revoked_at', instant)
    .addColumn('revoke_reason', 'text')
    .execute();
  await db.schema.createIndex('certificates_student_idx').on('certificates').column('student_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificates').execute();
}

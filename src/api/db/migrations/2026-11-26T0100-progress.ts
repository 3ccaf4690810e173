import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * Progress a student and the teacher can see (issue 19):
 * - student_programs.due_at: the deadline the teacher gave the student's batch when sending the program (null: none).
 *   Copied to each student's row, as the program's task is, so a later send to another batch has its own.
 * - submissions.late and student_programs.best_late: a graded run made after the deadline, and whether the best
 *   score was first reached by such a run (the gradebook marks it).
 * - notifications: what the site tells one person (a student, or the teacher), read or not. The title and text are
 *   written when it is made, so a later change or deletion of what it is about cannot break the list.
 * - notification_settings: a person's choice, per kind, of email and in-site notice (no row: both on, except where
 *   the kind's default says otherwise).
 * - student_visits: when a person last looked at their home or overview, and when their visit before that ended,
 *   for "since your last visit"; and the last use of a session since ended. Kept out of `students`, whose every
 *   change invalidates the cached sessions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const instant = isPostgres ? 'timestamptz' : 'text';
  const id = isPostgres ? 'serial' : 'integer';

  await db.schema.alterTable('student_programs').addColumn('due_at', instant).execute();
  await db.schema
    .alterTable('student_programs')
    .addColumn('best_late', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('late', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('recipient_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('link', 'text')
    /** What it is about (a student program's id, a doubt's id …), so a repeat can be folded into an unread one. */
    .addColumn('subject_id', 'integer')
    .addColumn('read_at', instant)
    .addColumn('created_at', instant, (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('notifications_recipient_idx')
    .on('notifications')
    .columns(['recipient_id', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .columns(['recipient_id', 'read_at'])
    .execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('email', 'integer', (col) => col.notNull())
    .addColumn('site', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['student_id', 'kind'])
    .execute();

  await db.schema
    .createTable('student_visits')
    .addColumn('student_id', 'integer', (col) => col.primaryKey().references('students.id').onDelete('cascade'))
    .addColumn('seen_at', instant)
    .addColumn('previous_visit_at', instant)
    // The last use of a session that has since ended (logout, password change): "not seen for a week" must not
    // count a student who logs out after each class.
    .addColumn('active_at', instant)
    .execute();
  await db.schema.createIndex('student_visits_active_idx').on('student_visits').column('active_at').execute();

  // "Not seen for a week" counts the sessions used lately, newest first.
  await db.schema.createIndex('auth_sessions_last_used_idx').on('auth_sessions').column('last_used_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('auth_sessions_last_used_idx').ifExists().execute();
  await db.schema.dropTable('student_visits').execute();
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.alterTable('submissions').dropColumn('late').execute();
  await db.schema.alterTable('student_programs').dropColumn('best_late').execute();
  await db.schema.alterTable('student_programs').dropColumn('due_at').execute();
}

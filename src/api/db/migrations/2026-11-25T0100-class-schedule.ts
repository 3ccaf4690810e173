import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * The teacher runs a batch from the site (issue 18):
 * - batch_sessions: each batch's own dated classes (an instant and a length), one per session of the course plan
 *   (course_sessions keeps the plan: number, topics, lesson video). `sequence` grows with every change, as a
 *   calendar needs to tell an updated event from the old one.
 * - attendance: a student's Join click (the first one), and the teacher's correction.
 * - session_reminders: one row per reminder mail queued, unique per student, session, kind and start time, so two
 *   processes (or a restart) cannot queue the same one twice, and a moved session is reminded again at its new time.
 * - private_links: secret tokens that stand for a student in a URL without a login (calendar feed, stopping
 *   reminders); replacing the row revokes the old URL.
 * - students.reminders: whether the student wants reminder mail.
 * - outbox.list_unsubscribe: the one-click address a mail carries in its List-Unsubscribe header.
 * - The site settings live in `settings` as before; a version row lets every process notice a change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const instant = isPostgres ? 'timestamptz' : 'text';
  const id = isPostgres ? 'serial' : 'integer';

  await db.schema
    .createTable('batch_sessions')
    .addColumn('id', id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('batch_number', 'integer', (col) => col.notNull())
    .addColumn('session_number', 'integer', (col) => col.notNull())
    .addColumn('starts_at', instant, (col) => col.notNull())
    .addColumn('duration_minutes', 'integer', (col) => col.notNull().check(sql`duration_minutes between 1 and 480`))
    .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', instant, (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', instant, (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('batch_sessions_batch_session_unique', ['batch_number', 'session_number'])
    .execute();
  await db.schema.createIndex('batch_sessions_starts_at_idx').on('batch_sessions').column('starts_at').execute();

  await db.schema
    .createTable('attendance')
    .addColumn('batch_session_id', 'integer', (col) =>
      col.notNull().references('batch_sessions.id').onDelete('cascade'),
    )
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('joined_at', instant)
    .addColumn('mark', 'text', (col) => col.check(sql`mark in ('present', 'late', 'absent')`))
    .addColumn('marked_at', instant)
    .addPrimaryKeyConstraint('attendance_pk', ['batch_session_id', 'student_id'])
    .execute();
  await db.schema.createIndex('attendance_student_idx').on('attendance').column('student_id').execute();

  await db.schema
    .createTable('session_reminders')
    .addColumn('id', id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('batch_session_id', 'integer', (col) =>
      col.notNull().references('batch_sessions.id').onDelete('cascade'),
    )
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('day', 'hour')`))
    .addColumn('starts_at', instant, (col) => col.notNull())
    .addColumn('outbox_id', 'integer')
    .addColumn('created_at', instant, (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('session_reminders_once', ['batch_session_id', 'student_id', 'kind', 'starts_at'])
    .execute();

  await db.schema
    .createTable('private_links')
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('calendar', 'reminders')`))
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', instant, (col) => col.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('private_links_pk', ['student_id', 'purpose'])
    .execute();

  await db.schema
    .alterTable('students')
    .addColumn('reminders', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('outbox').addColumn('list_unsubscribe', 'text').execute();

  // Settings join the versioned tables (migration 2400 made the function on PostgreSQL).
  await db.insertInto('content_versions').values({ name: 'settings', version: 1 }).execute();
  if (isPostgres) {
    await sql`create trigger settings_version after insert or update or delete on settings for each statement execute function bump_content_version()`.execute(
      db,
    );
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`settings_version_${event}`)} after ${sql.raw(event)} on settings begin
        update content_versions set version = version + 1 where name = 'settings';
      end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) await sql`drop trigger if exists settings_version on settings`.execute(db);
  else
    for (const event of ['insert', 'update', 'delete'])
      await sql`drop trigger if exists ${sql.id(`settings_version_${event}`)}`.execute(db);
  await db.deleteFrom('content_versions').where('name', '=', 'settings').execute();
  await db.schema.alterTable('outbox').dropColumn('list_unsubscribe').execute();
  await db.schema.alterTable('students').dropColumn('reminders').execute();
  await db.schema.dropTable('private_links').execute();
  await db.schema.dropTable('session_reminders').execute();
  await db.schema.dropTable('attendance').execute();
  await db.schema.dropTable('batch_sessions').execute();
}

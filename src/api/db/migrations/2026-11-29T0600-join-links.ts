import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * private_links may stand for a student joining a class: every link to a class the site hands a student (the page,
 * the meeting-link and reminder mails, the calendar feed) is the student's own join address, which records the
 * attendance while the class can be joined and then opens the meeting. SQLite can't change a CHECK in place: the
 * table is rebuilt with its rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await widen(db, ['calendar', 'reminders', 'join']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('private_links').where('purpose', '=', 'join').execute();
  await widen(db, ['calendar', 'reminders']);
}

async function widen(db: Kysely<any>, purposes: string[]): Promise<void> {
  const allowed = sql.raw(purposes.map((p) => `'${p}'`).join(', '));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table private_links drop constraint if exists private_links_purpose_check`.execute(db);
    await sql`alter table private_links add constraint private_links_purpose_check check (purpose in (${allowed}))`.execute(
      db,
    );
    return;
  }
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('private_links_next')
    .addColumn('student_id', 'integer', (col) => col.notNull().references('students.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in (${allowed})`))
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('private_links_pk', ['student_id', 'purpose'])
    .execute();
  await sql`insert into private_links_next (student_id, purpose, token, created_at)
    select student_id, purpose, token, created_at from private_links`.execute(db);
  await db.schema.dropTable('private_links').execute();
  await db.schema.alterTable('private_links_next').renameTo('private_links').execute();
}

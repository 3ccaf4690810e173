import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** The text the admin's search looks in; the same expression as the student lists' search. */
const HAYSTACK = (row: 'new' | 'students') =>
  sql.raw(
    `coalesce(${row}.first_name, '') || ' ' || coalesce(${row}.last_name, '') || ' ' || ${row}.email || ' ' || coalesce(${row}.city, '') || ' ' || coalesce(${row}.mobile, '') || ' ' || ${row}.uniq_id`,
  );

/**
 * SQLite: a trigram full-text index over the searchable columns, kept in step by triggers, so a substring search
 * of 100,000 students reads the index instead of every row (and, SQLite being synchronous, doesn't hold up every
 * other request meanwhile). PostgreSQL searches with ILIKE off the event loop and needs nothing here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create virtual table students_search using fts5(haystack, tokenize = 'trigram')`.execute(db);
  await sql`insert into students_search (rowid, haystack) select id, ${HAYSTACK('students')} from students`.execute(db);
  await sql`create trigger students_search_insert after insert on students begin
    insert into students_search (rowid, haystack) values (new.id, ${HAYSTACK('new')});
  end`.execute(db);
  await sql`create trigger students_search_update after update of first_name, last_name, email, city, mobile, uniq_id on students begin
    update students_search set haystack = ${HAYSTACK('new')} where rowid = new.id;
  end`.execute(db);
  await sql`create trigger students_search_delete after delete on students begin
    delete from students_search where rowid = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const trigger of ['students_search_insert', 'students_search_update', 'students_search_delete'])
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop table if exists students_search`.execute(db);
}

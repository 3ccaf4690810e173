import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** Tables whose answers are cached (the sessions list; the admin's student lists). */
const VERSIONED = ['course_sessions', 'students'];

/** The same text the student lists search in (student-lists.repository.ts); the index is used only if they match. */
const STUDENT_HAYSTACK = sql.raw(
  `coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(city, '') || ' ' || coalesce(mobile, '') || ' ' || uniq_id`,
);

/**
 * A version number per cached table, bumped by triggers in the same transaction as any change to it, so every
 * process of the site can tell in one primary-key read whether what it cached is still current — whoever wrote
 * the rows (the API, a seed script, a restore).
 * Also: an index that lists students in id order, and on PostgreSQL a trigram index for the admin search
 * (pg_trgm is a trusted extension; without it the search still works, by scanning).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('content_versions')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  await db
    .insertInto('content_versions')
    .values(VERSIONED.map((name) => ({ name, version: 1 })))
    .execute();

  if (isPostgres) {
    await sql`create function bump_content_version() returns trigger language plpgsql as $$
      begin
        update content_versions set version = version + 1 where name = TG_TABLE_NAME;
        return null;
      end $$`.execute(db);
  }
  for (const table of VERSIONED) {
    if (isPostgres) {
      await sql`create trigger ${sql.id(`${table}_version`)} after insert or update or delete on ${sql.id(table)} for each statement execute function bump_content_version()`.execute(
        db,
      );
      continue;
    }
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_version_${event}`)} after ${sql.raw(event)} on ${sql.id(table)} begin
        update content_versions set version = version + 1 where name = ${sql.lit(table)};
      end`.execute(db);
    }
  }

  await db.schema.createIndex('students_role_id_idx').on('students').columns(['role', 'id']).execute();
  if (isPostgres) {
    const available = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (available.rows[0]?.n) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index students_search_trgm_idx on students using gin ((${STUDENT_HAYSTACK}) gin_trgm_ops)`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop index if exists students_search_trgm_idx`.execute(db);
  await db.schema.dropIndex('students_role_id_idx').ifExists().execute();
  for (const table of VERSIONED) {
    if (isPostgres) await sql`drop trigger if exists ${sql.id(`${table}_version`)} on ${sql.id(table)}`.execute(db);
    else
      for (const event of ['insert', 'delete', 'update'])
        await sql`drop trigger if exists ${sql.id(`${table}_version_${event}`)}`.execute(db);
  }
  if (isPostgres) await sql`drop function if exists bump_content_version()`.execute(db);
  await db.schema.dropTable('content_versions').execute();
}

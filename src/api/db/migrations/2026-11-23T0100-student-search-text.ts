import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * PostgreSQL: the text the admin's search looks in, stored lowercased beside each student. Matching it with LIKE
 * reads a stored string; the expression index of migration 2400 made every candidate row rebuild the joined text
 * and fold its case for ILIKE, about 2.5 µs a row against 0.35, which at 100,000 students turned a count of a
 * common term or a page of rare late matches into 30-220 ms. The trigram index moves to the column.
 * SQLite searches its FTS5 table (migration 2300): nothing changes there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table students add column search_text text generated always as (lower(
    coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(city, '') || ' ' || coalesce(mobile, '') || ' ' || uniq_id
  )) stored`.execute(db);
  const trigrams = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (trigrams.rows[0]?.n)
    await sql`create index students_search_text_trgm_idx on students using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`drop index if exists students_search_trgm_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists students_search_text_trgm_idx`.execute(db);
  await sql`alter table students drop column if exists search_text`.execute(db);
  const trigrams = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (trigrams.rows[0]?.n) {
    await sql`create index students_search_trgm_idx on students using gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(city, '') || ' ' || coalesce(mobile, '') || ' ' || uniq_id) gin_trgm_ops)`.execute(
      db,
    );
  }
}

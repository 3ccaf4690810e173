import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/** The tables the student lists' Attendance column is counted from. */
const TABLES = ['attendance', 'batch_sessions'];

/**
 * Attendance and the classes join the versioned tables (migration 2400 made the trigger function on PostgreSQL),
 * so an admin list page, Attendance column included, can be answered from memory until one of them changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db
    .insertInto('content_versions')
    .values(TABLES.map((name) => ({ name, version: 1 })))
    .execute();
  for (const table of TABLES) {
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
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of TABLES) {
    if (isPostgres) await sql`drop trigger if exists ${sql.id(`${table}_version`)} on ${sql.id(table)}`.execute(db);
    else
      for (const event of ['insert', 'update', 'delete'])
        await sql`drop trigger if exists ${sql.id(`${table}_version_${event}`)}`.execute(db);
  }
  await db.deleteFrom('content_versions').where('name', 'in', TABLES).execute();
}

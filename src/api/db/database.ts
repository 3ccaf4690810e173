import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { openSqliteFile, type SqliteConnection, type SqliteStatement } from './sqlite-driver.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

// timestamptz comes back as an ISO string, the same shape SQLite stores, so code sees one type.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
// COUNT(*) and BIGINT come back as numbers; our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const sqliteConnections = new WeakMap<Kysely<Database>, SqliteConnection>();

/** The SQLite connection behind a SQLite database's Kysely, for a hot query that skips Kysely's layers. */
export function sqliteConnection(db: Kysely<Database>): SqliteConnection | undefined {
  return sqliteConnections.get(db);
}

export function openDatabase(url: string, onPoolError?: (error: Error) => void): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, onPoolError);
}

function openSqlite(path: string): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = openSqliteFile(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // A small busy timeout: a held write lock must fail a request fast rather than stall the event loop.
  sqlite.pragma('busy_timeout = 2000');
  // Table statistics steer the planner to the right index (e.g. listing 100,000 students in id order): refreshed
  // at start and then hourly, as SQLite advises for long-lived connections; each run only analyses what changed.
  sqlite.pragma('optimize = 0x10002');
  const optimizer = setInterval(() => sqlite.pragma('optimize'), 60 * 60_000).unref();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteConnections.set(db, sqlite);
  return {
    db,
    dialect: 'sqlite',
    destroy: () => {
      clearInterval(optimizer);
      return db.destroy();
    },
  };
}

/**
 * Kysely prepares a statement for every query; preparing is a good part of a small query's cost. The same SQL text
 * gets the same prepared statement back (statements are reusable, and calls are synchronous).
 */
function withStatementCache(sqlite: SqliteConnection): SqliteConnection {
  const statements = new Map<string, SqliteStatement>();
  const prepare = (source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      // Kysely writes `in (?, ?, …)` with as many marks as values: bound the cache rather than grow with them.
      if (statements.size >= 1000) statements.clear();
      statement = sqlite.prepare(source);
      statements.set(source, statement);
    }
    return statement;
  };
  return {
    get inTransaction() {
      return sqlite.inTransaction;
    },
    prepare: prepare as SqliteConnection['prepare'],
    pragma: (source) => sqlite.pragma(source),
    exec: (sql) => sqlite.exec(sql),
    close: () => sqlite.close(),
  };
}

function openPostgres(url: string, onPoolError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener, an idle client's error (a database restart) would crash the process.
  pool.on('error', (error) => onPoolError?.(error));
  pool.on('connect', usePreparedStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

/** Statement names by SQL text, shared by the pool's connections; bounded, as texts with many value lists vary. */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 1000;
let namesGiven = 0;

/** PostgreSQL's answer to a prepared `select *` after a column was added to the table (feature_not_supported). */
const isStalePlan = (error: unknown) =>
  (error as { code?: string } | null)?.code === '0A000' &&
  /cached plan must not change result type/.test(String(error));

/**
 * PostgreSQL parses and plans an unnamed query every time; a named one is prepared once per connection and then
 * only executed — for the site's small, repeated queries most of their cost. Kysely sends the same SQL text with
 * new parameters for each call, so the text names the statement.
 *
 * A rolling upgrade adds columns under running processes: a prepared statement that reads `*` of that table then
 * fails with "cached plan must not change result type" until the process restarts. Such a statement is prepared
 * again under a new name (shared by every connection of the pool) and run once more. Inside a transaction a failed
 * statement would abort it, so there queries are unnamed: planned each time, they never go stale.
 */
function usePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let inTransaction = false;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === 'string' && text.length < 64) {
      const command = text.trim().toLowerCase();
      if (command === 'begin' || command.startsWith('start transaction')) inTransaction = true;
      else if (command === 'commit' || command === 'rollback') inTransaction = false;
    }
    if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined || inTransaction)
      return query(text, values, callback);
    const named = (fresh: boolean) => {
      let name = statementNames.get(text);
      if ((!name || fresh) && (fresh || statementNames.size < MAX_NAMED_STATEMENTS)) {
        name = `s${namesGiven++}`;
        statementNames.set(text, name);
      }
      return name;
    };
    const name = named(false);
    if (!name) return query(text, values);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      // Another connection may have named it afresh already: only a name this connection has not run is fresh.
      const current = statementNames.get(text);
      return query({ name: current !== name ? current : named(true), text, values });
    });
  };
}

/**
 * The SQLite driver: libsql, whose native library comes prebuilt inside an npm package per platform (an optional
 * dependency npm picks for the machine), so an install compiles and downloads nothing else (docs/decisions/029).
 * Its API is better-sqlite3's; this file evens out the few places where it differs and the site would notice:
 *
 * - A row from `get` carries an extra `_metadata` key (the query's duration): removed, so a row is only its columns.
 * - A BLOB read by `all` or `iterate` comes back as an ArrayBuffer (by `get`, as a Buffer): made a Buffer, as the
 *   schema's types say, only for statements that read a BLOB column.
 * - `backup` is not implemented: `copySqliteDatabase` takes the same consistent copy with `VACUUM INTO`.
 * - The `readonly` and `fileMustExist` options are ignored: `openSqliteFile` checks that the file exists itself.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import Libsql from 'libsql';

export interface SqliteRunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface SqliteStatement<Row = unknown> {
  readonly reader: boolean;
  get(parameters: readonly unknown[]): Row | undefined;
  all(parameters: readonly unknown[]): Row[];
  iterate(parameters: readonly unknown[]): IterableIterator<Row>;
  run(parameters: readonly unknown[]): SqliteRunResult;
}

/** The part of a SQLite connection the site uses: what Kysely's SqliteDialect calls, plus pragmas and `exec`. */
export interface SqliteConnection {
  readonly inTransaction: boolean;
  prepare<Row = unknown>(sql: string): SqliteStatement<Row>;
  pragma(source: string): unknown;
  exec(sql: string): void;
  close(): void;
}

type LibsqlStatement = ReturnType<Libsql.Database['prepare']>;

export function openSqliteFile(path: string, options: { mustExist?: boolean } = {}): SqliteConnection {
  if (options.mustExist && path !== ':memory:' && !existsSync(path)) throw new Error(`No SQLite database at ${path}`);
  const database = new Libsql(path);
  return {
    get inTransaction() {
      return database.inTransaction;
    },
    prepare: <Row>(sql: string) => statementOf<Row>(database.prepare(sql)),
    pragma: (source) => database.pragma(source),
    exec: (sql) => {
      database.exec(sql);
    },
    close: () => {
      database.close();
    },
  };
}

function statementOf<Row>(statement: LibsqlStatement): SqliteStatement<Row> {
  const reader = statement.reader;
  const blobs = reader ? blobColumns(statement) : [];
  const asBuffers = (row: Row): Row => {
    const record = row as Record<string, unknown>;
    for (const column of blobs) {
      const value = record[column];
      if (value instanceof ArrayBuffer) record[column] = Buffer.from(value);
    }
    return row;
  };
  return {
    reader,
    get(parameters) {
      const row = statement.get(parameters) as (Row & { _metadata?: unknown }) | undefined;
      if (row) delete row._metadata;
      return row;
    },
    all(parameters) {
      const rows = statement.all(parameters) as Row[];
      if (blobs.length > 0) rows.forEach(asBuffers);
      return rows;
    },
    *iterate(parameters) {
      for (const row of statement.iterate(parameters) as IterableIterator<Row>)
        yield blobs.length > 0 ? asBuffers(row) : row;
    },
    run: (parameters) => statement.run(parameters),
  };
}

/** The result columns that read a column declared BLOB (the schema's only kind that holds bytes). */
function blobColumns(statement: LibsqlStatement): string[] {
  return statement
    .columns()
    .filter((column) => column.type?.toUpperCase() === 'BLOB')
    .map((column) => column.name);
}

/**
 * A consistent copy of a SQLite database while writers carry on: `VACUUM INTO` reads one snapshot (in WAL mode
 * writers are not held up) and writes it to a new file, compacted. The copy is written beside the target and renamed
 * onto it, so a file at `target` is always a whole copy.
 */
export function copySqliteDatabase(path: string, target: string): void {
  const source = openSqliteFile(path, { mustExist: true });
  const partial = `${target}.partial`;
  try {
    rmSync(partial, { force: true });
    source.prepare('VACUUM INTO ?').run([partial]);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
    source.close();
  }
}

/**
 * Consistent copies of the database while the site runs, and bringing one back: SQLite's online backup API, or
 * pg_dump / pg_restore (custom format) for PostgreSQL. Used by `npm run backup` and `npm run restore`.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';

const run = promisify(execFile);

function sqlitePath(databaseUrl: string): string | undefined {
  return databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : undefined;
}

/** pg_dump and pg_restore: on PATH, or in Debian's versioned PostgreSQL directory. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const version of ['17', '16', '15', '14']) {
    const path = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (existsSync(path)) return path;
  }
  return name;
}

export async function backupDatabase(databaseUrl: string, file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const path = sqlitePath(databaseUrl);
  if (path) {
    if (path === ':memory:') throw new Error('An in-memory database has nothing to back up.');
    const source = new SQLite(path, { readonly: true, fileMustExist: true });
    try {
      // The online backup copies pages while writers carry on, and ends with a consistent snapshot.
      await source.backup(file);
    } finally {
      source.close();
    }
    return;
  }
  await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--file', file, databaseUrl], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Replaces the database's contents with the backup's. Stop the site first: its open connections hold the old data. */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  const path = sqlitePath(databaseUrl);
  if (path) {
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.restoring`;
    copyFileSync(file, temp);
    for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    renameSync(temp, path);
    return;
  }
  await run(
    pgTool('pg_restore'),
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', databaseUrl, file],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

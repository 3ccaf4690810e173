/**
 * Consistent copies of the database while the site runs, and bringing one back: SQLite's `VACUUM INTO` (one
 * snapshot, read while writers carry on), or pg_dump / pg_restore (custom format) for PostgreSQL. Used by
 * `npm run backup` and `npm run restore`.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { copySqliteDatabase } from './sqlite-driver.js';

const run = promisify(execFile);

function sqlitePath(databaseUrl: string): string | undefined {
  return databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : undefined;
}

/** Debian and Ubuntu keep each installed PostgreSQL version's tools in a folder of its own: `<major>/bin`. */
const PG_VERSIONS = '/usr/lib/postgresql';

/**
 * Where pg_dump, pg_restore and psql are taken from for a server of major version `server`: the folder of that
 * version when it is installed, else of the newest installed, else the PATH (undefined). The server's own version,
 * because an older pg_dump refuses a newer server and a newer one writes settings an older server refuses (17's
 * `transaction_timeout` fails a restore into 16).
 */
export function pgToolFolder(
  server: number | undefined,
  installed: readonly number[],
  root = PG_VERSIONS,
): string | undefined {
  if (installed.length === 0) return undefined;
  const version = server !== undefined && installed.includes(server) ? server : Math.max(...installed);
  return join(root, String(version), 'bin');
}

function installedPgVersions(): number[] {
  if (!existsSync(PG_VERSIONS)) return [];
  return readdirSync(PG_VERSIONS)
    .filter((entry) => /^\d+$/.test(entry) && existsSync(join(PG_VERSIONS, entry, 'bin', 'pg_dump')))
    .map(Number);
}

/** The server's major version (16 for 16.4), or undefined when it cannot be asked: pg_dump then says why. */
async function serverMajorVersion(databaseUrl: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    const major = Math.floor(Number(rows[0]?.server_version_num) / 10_000);
    return major > 0 ? major : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** pg_dump, pg_restore and psql for the database's server (pgToolFolder). */
async function pgTools(databaseUrl: string): Promise<(name: 'pg_dump' | 'pg_restore' | 'psql') => string> {
  const folder = pgToolFolder(await serverMajorVersion(databaseUrl), installedPgVersions());
  return (name) => (folder && existsSync(join(folder, name)) ? join(folder, name) : name);
}

export async function backupDatabase(databaseUrl: string, file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const path = sqlitePath(databaseUrl);
  if (path) {
    if (path === ':memory:') throw new Error('An in-memory database has nothing to back up.');
    copySqliteDatabase(path, file);
    return;
  }
  const pgTool = await pgTools(databaseUrl);
  await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--file', file, databaseUrl], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * Replaces the database's contents with the backup's, then migrates it to this version's schema: a backup taken
 * before an upgrade restores into the upgraded database. Stop the site first: its open connections hold the old data.
 *
 * PostgreSQL: `pg_restore --clean` dropped only the objects in the dump, and an upgraded database has more (a newer
 * table's foreign key to students kept students_pkey from being dropped). So the dump is turned into SQL and run by
 * psql in one transaction after emptying the schema: if anything fails, the database is left as it was. The role
 * must own the database (it owns the public schema then, on PostgreSQL 15 and later).
 */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<string[]> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  const path = sqlitePath(databaseUrl);
  if (path) {
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.restoring`;
    copyFileSync(file, temp);
    for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    renameSync(temp, path);
  } else {
    const pgTool = await pgTools(databaseUrl);
    const work = mkdtempSync(join(tmpdir(), 'course-restore-'));
    try {
      const script = join(work, 'restore.sql');
      const empty = join(work, 'empty.sql');
      await run(pgTool('pg_restore'), ['--no-owner', '--no-privileges', '--file', script, file], {
        maxBuffer: 16 * 1024 * 1024,
      });
      writeFileSync(empty, 'DROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n');
      await run(
        pgTool('psql'),
        ['--no-psqlrc', '--quiet', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '--dbname', databaseUrl].concat([
          '--file',
          empty,
          '--file',
          script,
        ]),
        { maxBuffer: 64 * 1024 * 1024 },
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const handle = openDatabase(databaseUrl);
  try {
    return await migrateToLatest(handle.db);
  } finally {
    await handle.destroy();
  }
}

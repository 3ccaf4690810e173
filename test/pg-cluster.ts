/**
 * A throwaway PostgreSQL cluster on a free loopback port, made with the installed initdb/pg_ctl
 * and removed afterwards. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  url(database?: string): string;
  port: number;
  stop(): void;
  /** An outage: the server stops (fast shutdown), its data stays. */
  halt(): void;
  /** The same server back on the same port. */
  resume(): void;
}

function findBinDir(): string {
  const candidates = ['/usr/lib/postgresql'];
  for (const base of candidates) {
    if (!existsSync(base)) continue;
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = join(base, version, 'bin');
      if (existsSync(join(dir, 'initdb'))) return dir;
    }
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    if (initdb) return join(initdb, '..');
  } catch {
    // fall through to the error below
  }
  throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found: install the postgresql package');
}

/**
 * Ports for throwaway servers come from below the kernel's ephemeral range (32768 and up), in a slice of their own
 * for each test worker. Ports the kernel hands out (bind to port 0, outgoing connections) can be taken again by
 * another test file while a site process is down for a restart, or before it binds: then a check "on our process"
 * reaches another file's server.
 */
const PORT_FLOOR = 20_000;
const SLICE = 400;
const SLICES = 30;
const handedOut = new Set<number>();

function portSlice(): number {
  const worker = process.env.VITEST_POOL_ID ?? process.env.TEST_PARALLEL_INDEX;
  const id = worker === undefined ? process.pid : Number(worker) + 1;
  return PORT_FLOOR + (id % SLICES) * SLICE;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const base = portSlice();
  const start = Math.floor(Math.random() * SLICE);
  for (let i = 0; i < SLICE; i += 1) {
    const port = base + ((start + i) % SLICE);
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${base} and ${base + SLICE - 1}`);
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = findBinDir();
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'course-pg-'));
  const dataDir = join(dir, 'data');
  const run = (command: string, args: string[]) => {
    const full = join(bin, command);
    if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ]);
  start();
  let stopped = false;
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    halt: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

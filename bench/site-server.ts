/**
 * The built site (dist/server/api/server.js) started as production would start it, on a loopback port, for a bench to
 * load: every bench section that needs the real server starts it here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForHealth } from '../scripts/cluster.js';
import { freePort } from '../test/pg-cluster.js';

interface SiteOptions {
  databaseUrl: string;
  /** More environment (ADMIN_EMAIL, ...); LOG_LEVEL defaults to warn. */
  env?: Record<string, string>;
  /** Node's own flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  /** Another build of the server to start. */
  script?: string;
}

export interface BenchSite {
  base: string;
  port: number;
  server: ChildProcess;
}

/** Starts the built server and resolves once it answers /healthz. */
export async function startSite({
  databaseUrl,
  env = {},
  nodeFlags = [],
  script = 'dist/server/api/server.js',
}: SiteOptions): Promise<BenchSite> {
  const port = await freePort();
  const server = spawn(process.execPath, [...nodeFlags, script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${base}/healthz`, 30_000);
  } catch (error) {
    server.kill('SIGTERM');
    throw new Error(`the server did not start (run \`npm run build\` first): ${String(error)}`);
  }
  return { base, port, server };
}

/** The admin a throwaway site is seeded with. */
export const THROWAWAY_ADMIN = { email: 'teacher@example.com', password: 'Teacher#2026' };

/**
 * The built server on a throwaway SQLite database with THROWAWAY_ADMIN, handed to `use` once its compile processes
 * have loaded Clang (they do after it starts listening), then stopped and its database removed.
 */
export async function withThrowawaySite<T>(
  name: string,
  use: (site: BenchSite) => Promise<T>,
  { env = {}, script }: { env?: Record<string, string>; script?: string } = {},
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `course-${name}-`));
  const site = await startSite({
    databaseUrl: `sqlite:${join(dataDir, 'app.db')}`,
    env: { ADMIN_EMAIL: THROWAWAY_ADMIN.email, ADMIN_PASSWORD: THROWAWAY_ADMIN.password, LOG_LEVEL: 'fatal', ...env },
    ...(script ? { script } : {}),
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 8000));
    return await use(site);
  } finally {
    const { server } = site;
    await new Promise((resolve) =>
      server.exitCode === null ? server.once('exit', resolve).kill('SIGTERM') : resolve(undefined),
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
}

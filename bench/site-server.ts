/**
 * The built site (dist/server/api/server.js) started as production would start it, on a loopback port, for a bench to
 * load: every bench section that needs the real server starts it here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
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

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { expect } from '@playwright/test';
import { freePort } from '../test/pg-cluster.js';
import { ADMIN } from './teacher.js';

/** A copy of the built site on its own SQLite database and free port, for one worker (e2e/own-site.ts). */
export async function startOwnSite(workerIndex: number): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = `.tmp/e2e-own-site-${workerIndex}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/server/api/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `sqlite:${dir}/app.db`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CONTACT_EMAIL: 'help@course.example',
      LOG_LEVEL: 'warn',
      APP_URL: url,
    },
  });
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status, { timeout: 30_000 })
    .toBe(200);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

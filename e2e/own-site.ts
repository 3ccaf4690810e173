import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { ADMIN } from './accounts.js';
import { expect, test as base } from './fixtures.js';

/**
 * Tests whose changes would disturb the others run on their own copy of the built site, one per worker, on its own
 * database: Site Settings (the fee and FAQ other specs check) and the question bank (a question added and deleted
 * while a student beside it is dealt a test). Each test still makes its own data; none waits for another to end.
 */
export const ownSiteTest = base.extend<object, { ownSite: string }>({
  ownSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const address = probe.address();
          probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
        });
      });
      const dir = `.tmp/e2e-own-site-${workerInfo.workerIndex}`;
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
      await use(url);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ ownSite }, use) => use(ownSite),
});

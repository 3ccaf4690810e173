/**
 * A rolling upgrade on PostgreSQL: processes are restarted one at a time while the others keep answering. A new
 * version's migration adds a column under the old processes, whose prepared `select *` statements then fail with
 * "cached plan must not change result type"; they must prepare them again rather than answer 500 until restarted.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type PgCluster, startPgCluster } from '../pg-cluster.js';
import { type SiteProcess, startSite } from './site-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function call(site: SiteProcess, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(site.url + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.text() };
}

describe('a rolling upgrade', () => {
  let cluster: PgCluster;

  it('old processes keep answering signed-in requests after a migration adds a column to the tables they read', async () => {
    cluster = await startPgCluster();
    cleanups.push(() => cluster.stop());
    const env = {
      DATABASE_URL: cluster.url('postgres'),
      ADMIN_EMAIL: 'teacher@example.com',
      ADMIN_PASSWORD: 'Teacher#2026',
    };
    const old = await startSite(env);
    cleanups.push(() => old.stop());
    const other = await startSite(env);
    cleanups.push(() => other.stop());
    const login = await call(old, 'POST', '/students/login', undefined, {
      email: 'teacher@example.com',
      password: 'Teacher#2026',
    });
    expect(login.status).toBe(200);
    const token = (JSON.parse(login.body) as { meta: { token: string } }).meta.token;
    const signedIn = ['/students/profile', '/api/v1/admin/overview', '/courses/', '/api/v1/notifications/unread'];
    // Each of the old process's connections prepares these statements.
    for (let round = 0; round < 12; round += 1)
      for (const path of signedIn) expect((await call(old, 'GET', path, token)).status, path).toBe(200);

    // The new version's migration, run by the first process restarted with it.
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    try {
      await admin.query('alter table students add column upgrade_note text');
      await admin.query('alter table course_sessions add column upgrade_note text');
    } finally {
      await admin.end();
    }
    await other.kill('SIGTERM');
    await other.restart();

    // The old process, not restarted, answers every signed-in request, on every connection of its pool.
    for (let round = 0; round < 12; round += 1)
      for (const path of signedIn) {
        const answer = await call(old, 'GET', path, token);
        expect(answer.status, `${path}: ${answer.body.slice(0, 200)}`).toBe(200);
      }
    // A write in a transaction through the old process works as well.
    const doubt = await call(old, 'PATCH', '/students/update_batch', token, {
      email: 'teacher@example.com',
      student_batch: 3,
    });
    expect(doubt.status).toBeLessThan(500);
    for (const path of signedIn) expect((await call(other, 'GET', path, token)).status, path).toBe(200);
  }, 120_000);
});

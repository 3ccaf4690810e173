import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { resetAdminPassword } from './admin-password.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { seedIfEmpty } from './seed.js';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const login = (password: string) =>
  ctx.app.inject({ method: 'POST', url: '/students/login', payload: { email: 'teacher@example.com', password } });

describe('resetting a forgotten admin password', () => {
  it('sets the new password with the site’s rules, ends the admin’s sessions, and refuses a weak one', async () => {
    await expect(resetAdminPassword(ctx.database.db, 'short')).rejects.toThrow(/^Password needs: /);
    await expect(resetAdminPassword(ctx.database.db, 'Ritchie#1972', 'nobody@example.com')).rejects.toThrow(
      'No admin account with the email nobody@example.com in this database.',
    );
    expect(await resetAdminPassword(ctx.database.db, 'Ritchie#1972')).toEqual({ email: 'teacher@example.com' });
    const before = await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(adminToken) });
    expect(before.statusCode).toBe(401);
    expect((await login('Ritchie#1972')).statusCode).toBe(200);
  });

  it('works from the command line with ADMIN_PASSWORD (npm run admin-password)', async () => {
    if (ctx.database.dialect !== 'sqlite') return;
    const dir = mkdtempSync(join(tmpdir(), 'admin-password-'));
    const url = `sqlite:${join(dir, 'app.db')}`;
    const handle = openDatabase(url);
    try {
      await migrateToLatest(handle.db);
      await seedIfEmpty(handle.db, { admin: { email: 'head@example.com', password: 'Initial#Pass1' } });
      const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/api/db/admin-password-cli.ts'], {
        // Only what the command reads: no configuration of this test process leaks into it.
        env: { DATABASE_URL: url, ADMIN_PASSWORD: 'Kernighan#1978' },
        encoding: 'utf8',
      });
      expect(out).toContain('The password of head@example.com is changed');
      const row = await handle.db
        .selectFrom('students')
        .select('password_hash')
        .where('email', '=', 'head@example.com')
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      const argon2 = (await import('argon2')).default;
      expect(await argon2.verify(row.password_hash, 'Kernighan#1978')).toBe(true);
    } finally {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

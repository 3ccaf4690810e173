import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { testDialect } from '../../../test/test-database.js';
import { DEFAULT_SITE_CONTENT } from '../../contracts/site-info.js';
import { seedIfEmpty } from '../db/seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_EMAIL: 'teacher@example.com', COURSE_FEE_PAISE: '250000' });
  await seedIfEmpty(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

describe('site information', () => {
  it('reports health and the database in use', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok', database: testDialect() });
  });

  it("tells the browser the contact address and the fee, never the admin's login email", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...DEFAULT_SITE_CONTENT,
      contactEmail: 'support@c-course.local',
      courseFeePaise: 250000,
    });
    expect(response.body).not.toContain('teacher@example.com');
  });

  it('uses CONTACT_EMAIL when set', async () => {
    const other = await createTestApp({ ADMIN_EMAIL: 'teacher@example.com', CONTACT_EMAIL: 'help@course.example' });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/v1/site' })).json()).toEqual({
        ...DEFAULT_SITE_CONTENT,
        contactEmail: 'help@course.example',
        courseFeePaise: 300000,
      });
    } finally {
      await other.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signup, uniqueEmail, verifiedStudent } from '../../../test/accounts-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { AttemptLimiter } from '../auth/attempt-limiter.js';
import { buildApp } from '../app.js';
import { createDbCounterStore } from './counters.js';

// Two copies of the site on one database, as behind a load balancer: whatever one counts, the other sees.
let ctx: TestContext;
let other: FastifyInstance;
const limits = { ipRateLimits: { login: 4, signup: 1000, email: 1000 }, accountLimits: { loginFailures: new AttemptLimiter(3, 60_000), emailsPerAccount: new AttemptLimiter(5, 60_000) } };

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, limits);
  other = await buildApp({ config: ctx.config, db: ctx.database.db, dialect: ctx.database.dialect, ...limits });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/students/login', payload: { email, password }, remoteAddress: ip });

describe('state shared by several processes', () => {
  it('counts per-IP limits across processes', async () => {
    const ip = '198.51.100.7';
    const codes = [];
    for (const app of [ctx.app, other, ctx.app, other, ctx.app]) codes.push((await login(app, uniqueEmail(), 'Wrong#Pass1', ip)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    // Another address is not affected.
    expect((await login(other, uniqueEmail(), 'Wrong#Pass1', '198.51.100.8')).statusCode).toBe(401);
  });

  it('counts failed logins per account across processes', async () => {
    const s = await verifiedStudent(ctx);
    await login(ctx.app, s.email, 'Wrong#Pass1', '203.0.113.1');
    await login(other, s.email, 'Wrong#Pass1', '203.0.113.2');
    await login(ctx.app, s.email, 'Wrong#Pass1', '203.0.113.3');
    const blocked = await login(other, s.email, GOOD_PASSWORD, '203.0.113.4');
    expect(blocked.statusCode).toBe(429);
  });

  it('serves a photo uploaded through one process from the other', async () => {
    const email = uniqueEmail();
    const created = await signup(ctx.app, email);
    expect(created.statusCode).toBe(201);
    const name = 'a'.repeat(32) + '.webp';
    await ctx.database.db.insertInto('stored_files').values({ name, content_type: 'image/webp', content: Buffer.from('RIFF0000WEBP'), size: 12, created_at: new Date().toISOString() }).execute();
    const fromOther = await other.inject({ method: 'GET', url: `/uploads/photos/${name}` });
    expect(fromOther.statusCode).toBe(200);
    expect(fromOther.rawPayload.toString()).toBe('RIFF0000WEBP');
  });

  it('counts every hit once when many arrive at once', async () => {
    const store = createDbCounterStore(ctx.database.db);
    const hits = await Promise.all(Array.from({ length: 25 }, () => store.hit('burst', 60_000)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await store.count('burst')).toBe(25);
    // A window that has run out starts again.
    expect((await store.hit('burst', 60_000, Date.now() + 61_000)).count).toBe(1);
    await store.clear('burst');
    expect(await store.count('burst')).toBe(0);
  });
});

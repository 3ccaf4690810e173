import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { accountLimits, bearer, GOOD_PASSWORD, uniqueEmail, verifiedStudent } from '../../../test/accounts-helpers.js';
import { multipart } from '../../../test/multipart.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { AttemptLimiter } from '../auth/attempt-limiter.js';
import { buildApp } from '../app.js';
import { createDbCounterStore } from './counters.js';

// Two copies of the site on one database, as behind a load balancer: whatever one counts, the other sees.
let ctx: TestContext;
let other: FastifyInstance;
const limits = {
  ipRateLimits: { login: 4, signup: 1000, email: 1000 },
  accountLimits: accountLimits({
    loginFailures: new AttemptLimiter(3, 60_000),
    accountFailures: new AttemptLimiter(3, 60_000),
    slowdown: { stepMs: 150, maxMs: 300 },
    emailsPerAccount: new AttemptLimiter(5, 60_000),
  }),
};

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
    for (const app of [ctx.app, other, ctx.app, other, ctx.app])
      codes.push((await login(app, uniqueEmail(), 'Wrong#Pass1', ip)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    // Another address is not affected.
    expect((await login(other, uniqueEmail(), 'Wrong#Pass1', '198.51.100.8')).statusCode).toBe(401);
  });

  it('counts failed logins per account and address across processes, and slows the account for everyone', async () => {
    const s = await verifiedStudent(ctx);
    await login(ctx.app, s.email, 'Wrong#Pass1', '203.0.113.1');
    await login(other, s.email, 'Wrong#Pass1', '203.0.113.1');
    await login(ctx.app, s.email, 'Wrong#Pass1', '203.0.113.1');
    // That address is locked out of that account, whichever process it reaches...
    expect((await login(other, s.email, GOOD_PASSWORD, '203.0.113.1')).statusCode).toBe(429);
    // ...the owner, elsewhere, is not: only slowed, since the account's failures (3, counted by both) reached its max.
    await login(other, s.email, 'Wrong#Pass1', '203.0.113.2');
    const started = Date.now();
    expect((await login(ctx.app, s.email, GOOD_PASSWORD, '203.0.113.3')).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('serves a photo uploaded through one process from the other', async () => {
    const s = await verifiedStudent(ctx);
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const body = multipart(
      { mobile: '9876543210', city: 'Pune', country: 'India', study: 'BSc', institution: 'College' },
      [{ name: 'image', filename: 'me.png', type: 'image/png', data: photo }],
    );
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${s.id}`,
      headers: { ...body.headers, ...bearer(s.token) },
      payload: body.payload,
    });
    expect(saved.statusCode).toBe(200);
    const url = String(saved.json().data.attributes.get_image_url);
    expect(url).toMatch(/^\/uploads\/photos\/[a-f0-9]{32}\.webp$/);
    const fromOther = await other.inject({ method: 'GET', url });
    expect(fromOther.statusCode).toBe(200);
    expect(fromOther.headers['content-type']).toBe('image/webp');
    expect((await sharp(fromOther.rawPayload).metadata()).format).toBe('webp');
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

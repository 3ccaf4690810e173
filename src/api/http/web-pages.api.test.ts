import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { miniatureBuild } from '../../../test/miniature-build.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { clientRoutes } from '../../contracts/paths.js';
import { DEFAULT_SITE_CONTENT } from '../../contracts/site-info.js';
import { NOT_FOUND_PAGE, pageFileName } from './web-pages.js';

let ctx: TestContext;
const LANDING = `<main>${'<p>Learn C, one session at a time.</p>'.repeat(100)}</main>`;
const BIG_SCRIPT = `export const sessions = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ topic: `Topic ${i}` })))};`;
let dist: string;

beforeAll(async () => {
  // A built site in miniature: one page per client route, the 404 page and an asset.
  dist = mkdtempSync(join(tmpdir(), 'course-dist-'));
  mkdirSync(join(dist, 'pages'));
  mkdirSync(join(dist, 'web', 'assets'), { recursive: true });
  for (const route of clientRoutes)
    writeFileSync(join(dist, 'pages', pageFileName(route.path)), `<p>page ${route.path}</p>`);
  writeFileSync(join(dist, 'pages', 'index.html'), LANDING);
  writeFileSync(join(dist, 'pages', NOT_FOUND_PAGE), '<p>not found page</p>');
  writeFileSync(join(dist, 'web', 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'web', 'assets', 'big-abc123.js'), BIG_SCRIPT);
  execFileSync(process.execPath, ['scripts/compress-assets.mjs', join(dist, 'web')]);
  ctx = await createTestApp({}, dist);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web pages', () => {
  it('sends pages gzipped and assets as the build compressed them, to browsers that take them', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(page.rawPayload).toString()).toBe(LANDING);
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toBe(LANDING);
    const script = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(script.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('serves every client route of the site as HTML, case-insensitively', async () => {
    for (const route of clientRoutes) {
      for (const url of [route.path, route.path.toLowerCase(), route.path.toUpperCase()]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.body).toBe(route.path === '/' ? LANDING : `<p>page ${route.path}</p>`);
      }
    }
  });

  it('serves nested dashboard routes with the dashboard page', async () => {
    for (const url of ['/DashPage/myclasses', '/dashpage/mytests', '/DashPage/changePassword']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('<p>page /DashPage</p>');
    }
  });

  it('shows the friendly 404 page to a browser and 404 JSON to an API client', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toBe('<p>not found page</p>');
    const json = await ctx.app.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json().code).toBe('notFound');
  });

  it('serves hashed assets with a long cache lifetime and pages with no-cache', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API routes ahead of pages', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { accept: 'text/html' } });
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});

describe("pages rendered at start with the running site's facts", () => {
  it('shows the fee the server charges and the contact address, and embeds them for the browser', async () => {
    // A build in miniature with its server-side bundle: the server renders every page itself, with its configuration.
    const built = miniatureBuild({
      render:
        'export async function render(url, site) { return `<p>${url}: fee ${site.courseFeePaise}, write to ${site.contactEmail}</p>`; }',
    });
    const site = await createAdminTestApp(
      { COURSE_FEE_PAISE: '250000', CONTACT_EMAIL: 'help@course.example' },
      {},
      built,
    );
    try {
      const landing = await site.ctx.app.inject({ method: 'GET', url: '/' });
      expect(landing.body).toContain(
        '<div id="root" data-prerendered="true"><p>/: fee 250000, write to help@course.example</p></div>',
      );
      // The landing page is a static page (no app to hand the facts to); a page of the app embeds them.
      const login = await site.ctx.app.inject({ method: 'GET', url: '/StudentLogin' });
      expect(login.body).toContain('<p>/StudentLogin: fee 250000, write to help@course.example</p>');
      const embedded = /<script type="application\/json" id="site-info">(.*?)<\/script>/.exec(login.body)?.[1];
      expect(JSON.parse(embedded ?? 'null')).toEqual({
        ...DEFAULT_SITE_CONTENT,
        contactEmail: 'help@course.example',
        courseFeePaise: 250000,
      });
      expect(landing.body).not.toContain('teacher@example.com');
      const failed = await site.ctx.app.inject({ method: 'GET', url: '/VerificationFailed' });
      expect(failed.body).toContain('"contactEmail":"help@course.example"');
      // The fee shown is the fee charged.
      const student = await verifiedStudent(site.ctx);
      const order = await site.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments',
        headers: bearer(student.token),
        payload: {},
      });
      expect(order.statusCode).toBe(201);
      expect(order.json().amount).toBe(250000);
    } finally {
      await site.ctx.close();
      rmSync(built, { recursive: true, force: true });
    }
  });
});

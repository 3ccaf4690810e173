import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { clientRoutes } from '../../contracts/paths.js';
import { NOT_FOUND_PAGE, pageFileName } from './web-pages.js';

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  // A built site in miniature: one page per client route, the 404 page and an asset.
  dist = mkdtempSync(join(tmpdir(), 'course-dist-'));
  mkdirSync(join(dist, 'pages'));
  mkdirSync(join(dist, 'web', 'assets'), { recursive: true });
  for (const route of clientRoutes) writeFileSync(join(dist, 'pages', pageFileName(route.path)), `<p>page ${route.path}</p>`);
  writeFileSync(join(dist, 'pages', NOT_FOUND_PAGE), '<p>not found page</p>');
  writeFileSync(join(dist, 'web', 'assets', 'app-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({}, dist);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web pages', () => {
  it('serves every client route of the spec as HTML, case-insensitively', async () => {
    for (const route of clientRoutes) {
      for (const url of [route.path, route.path.toLowerCase(), route.path.toUpperCase()]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.body).toBe(`<p>page ${route.path}</p>`);
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

import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveTestimonial, bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { miniatureBuild } from '../../../test/miniature-build.js';
import type { TestContext } from '../../../test/test-app.js';
import { buildApp } from '../app.js';

// A build in miniature: the app's page template with its stylesheet and entry chunk, the manifest, the island script
// and a server-side bundle that prints the testimonials it is given.
const ISLAND = 'document.documentElement.dataset.ready = "true";';
let dist: string;
let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  dist = miniatureBuild({
    template:
      '<html><head><title><!--page-title--></title>' +
      '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-a.css"></head>' +
      '<body><div id="root"><!--app-html--></div></body></html>',
    webFiles: { 'assets/index-a.css': '.quote{color:#123456}.elsewhere{color:#654321}' },
    manifest: {
      'index.html': { file: 'assets/index-a.js', css: ['assets/index-a.css'], imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-b.js' },
    },
    island: ISLAND,
    render:
      'export async function render(url, site, testimonials) {' +
      ' return `<p class="quote">${url}: ${testimonials.map((t) => t.feedback).join(" | ")}</p>`; }',
  });
  ({ ctx, adminToken } = await createAdminTestApp({}, {}, dist));
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

async function completedStudentWithFeedback(feedback: string) {
  const student = await verifiedStudent(ctx);
  await ctx.database.db
    .updateTable('students')
    .set({ student_status: 2, feedback, feedback_state: 'pending' })
    .where('id', '=', student.id)
    .execute();
  return student;
}

const moderate = (id: number, state: 'approved' | 'hidden') =>
  state === 'approved'
    ? approveTestimonial(ctx.app, adminToken, id)
    : ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/testimonials/${id}`,
        headers: bearer(adminToken),
        payload: { state },
      });

describe('the static content pages', () => {
  it('carry their CSS and island inline, allowed by hash in their own CSP, and name the app for later', async () => {
    const page = await get(ctx.app, '/');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain('.quote{color:#123456}');
    expect(style).not.toContain('.elsewhere');
    // The stylesheet only for JavaScript off; no app script, and no external script at all.
    expect(html).toContain('<noscript><link rel="stylesheet" href="/assets/index-a.css"></noscript>');
    expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')).not.toContain('rel="stylesheet"');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).toContain(`<script type="module">${ISLAND}</script>`);
    expect(html).toContain('"spa":["/assets/index-a.js","/assets/shared-b.js"]');
    // Exactly these sources: the page's own inline style and island by hash, and no 'unsafe-inline'.
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    expect(directive('style-src')).toBe(`style-src 'self' ${sha256(style)}`);
    expect(directive('script-src')).toBe(`script-src 'self' ${sha256(ISLAND)}`);

    // An app page stays the app, under the site's one policy.
    const login = await get(ctx.app, '/StudentLogin');
    expect(login.body).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(String(login.headers['content-security-policy'])).not.toContain('sha256');
  });

  it('show a testimonial once approved, in this process before the approval answers and in another within its watch', async () => {
    const watching = await buildApp({
      config: ctx.config,
      db: ctx.database.db,
      dialect: ctx.database.dialect,
      distDir: dist,
      settingsWatchMs: 50,
    });
    try {
      await watching.ready();
      const quote = `Arrays finally made sense ${Date.now()}`;
      const student = await completedStudentWithFeedback(quote);
      expect((await get(ctx.app, '/')).body).not.toContain(quote);

      expect((await moderate(student.id, 'approved')).statusCode).toBe(200);
      expect((await get(ctx.app, '/')).body).toContain(quote);
      expect((await get(ctx.app, '/Home')).body).toContain(quote);
      await expect.poll(async () => (await get(watching, '/')).body, { timeout: 5000 }).toContain(quote);

      expect((await moderate(student.id, 'hidden')).statusCode).toBe(200);
      expect((await get(ctx.app, '/')).body).not.toContain(quote);
      await expect.poll(async () => (await get(watching, '/')).body, { timeout: 5000 }).not.toContain(quote);
      // The original client's call answers as before.
      const old = await ctx.app.inject({ method: 'GET', url: '/students/get_old_students' });
      expect(old.statusCode).toBe(200);
    } finally {
      await watching.close();
    }
  });
});

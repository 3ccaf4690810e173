/**
 * Build step: writes dist/pages/<route>.html for every client route, so public pages show their
 * content before any JavaScript runs. Non-prerendered routes get the same shell with an empty root.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NOT_FOUND_TITLE, type ClientRoute, clientRoutes, pageTitle } from '../contracts/paths.js';
import { NOT_FOUND_PAGE, pageFileName } from '../api/http/web-pages.js';

const DEFAULT_DESCRIPTION =
  'C Programming Learning Hub: a live, cohort-based online course that teaches the C programming language.';

const dist = resolve('dist');
const template = readFileSync(join(dist, 'web', 'index.html'), 'utf8');
const { render } = (await import(pathToFileURL(join(dist, 'ssr', 'entry-server.js')).href)) as {
  render: (url: string) => Promise<string>;
};

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

function page(route: Pick<ClientRoute, 'path' | 'title' | 'description'>, body: string | null): string {
  const withMeta = template
    .replace('<!--page-title-->', escapeHtml(pageTitle(route.title)))
    .replace('<!--page-description-->', escapeHtml(route.description ?? DEFAULT_DESCRIPTION));
  return body === null
    ? withMeta.replace('<!--app-html-->', '<div class="boot-loading" role="status">Loading…</div>')
    : withMeta.replace('<div id="root"><!--app-html--></div>', `<div id="root" data-prerendered="true">${body}</div>`);
}

const out = join(dist, 'pages');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const route of clientRoutes) {
  writeFileSync(join(out, pageFileName(route.path)), page(route, route.prerender ? await render(route.path) : null));
}
writeFileSync(join(out, NOT_FOUND_PAGE), page({ path: '/404', title: NOT_FOUND_TITLE }, await render('/__not_found__')));
console.log(`prerendered ${clientRoutes.length + 1} pages into ${out}`);

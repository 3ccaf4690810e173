/**
 * Renders every client route to a whole HTML page with the running site's facts (the fee it charges, its contact
 * address) and the landing page's testimonials, so public pages show their content before any JavaScript runs. The
 * build runs it once (src/prerender/prerender.ts, default facts, no testimonials); the server runs it again at start
 * with its configuration, and whenever the settings or the testimonials change.
 *
 * The content pages (STATIC_PATHS) are static: no React in the browser. Their HTML carries the CSS its markup uses
 * inline (beasties), loads the full stylesheet from the island script (or a <noscript> link), and runs only the
 * island script (src/web/islands/static-page.ts: the header's menus and signed-in state), which also fetches the
 * single-page app's chunks ahead when the visitor heads for a link (docs/decisions/018-static-content-pages.md).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import beastiesModule from 'beasties';
import { type ClientRoute, clientRoutes, NOT_FOUND_TITLE, pageTitle, paths, routeKey } from '../contracts/paths.js';
import type { Testimonial } from '../contracts/site.js';
import { type SiteInfo, siteInfoScript } from '../contracts/site-info.js';
import { insertLiteral } from './insert-literal.js';

export const NOT_FOUND_PAGE = '404.html';

const DEFAULT_DESCRIPTION =
  'C Programming Learning Hub: a live, cohort-based online course that teaches the C programming language.';

type Render = (url: string, site: SiteInfo, testimonials: Testimonial[]) => Promise<string>;

// Beasties' types describe its CommonJS build; Node's import gives its ES module, whose default is the class.
const Beasties = ((beastiesModule as { default?: unknown }).default ?? beastiesModule) as typeof beastiesModule.default;

/** The content pages, served without the single-page app. */
const STATIC_PATHS: ReadonlySet<string> = new Set([
  paths.home,
  paths.homeAlias,
  paths.aboutUs,
  paths.terms,
  paths.privacyPolicy,
]);
/** The island script, built self-contained by `vite build --mode islands` (vite.config.ts). */
const ISLAND_FILE = join('islands', 'static-page.js');
const SPA_ENTRY = 'index.html';

/** CSP sources ('sha256-…') of a page's inline <style> and <script> elements. */
export interface InlineHashes {
  styles: string[];
  scripts: string[];
}

export interface RenderedPage {
  html: string;
  /** Empty for the single-page app's pages. */
  inline: InlineHashes;
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk and everything it imports statically, as URLs: what the browser loads to run it. */
function chunkUrls(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((imported) => chunkUrls(manifest, imported, seen))];
}

/** JSON inside a <script> element: `<` escaped so that no text in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** File name of a route's page: '/' -> 'index.html', '/AboutUs' -> 'aboutus.html', '/a/:b' -> 'a_b.html'. */
export function pageFileName(path: string): string {
  const key = routeKey(path).replaceAll(':', '');
  return key === '/' ? 'index.html' : `${key.slice(1).replaceAll('/', '_')}.html`;
}

/** True when the build left what rendering needs: the page template and the server-side bundle. */
export function canRenderPages(distDir: string): boolean {
  return (
    existsSync(join(distDir, 'web', 'index.html')) &&
    existsSync(join(distDir, 'ssr', 'entry-server.js')) &&
    existsSync(join(distDir, ISLAND_FILE))
  );
}

/** Every page by file name (pageFileName), and the not-found page as NOT_FOUND_PAGE. */
export async function renderPages(
  distDir: string,
  site: SiteInfo,
  testimonials: Testimonial[],
): Promise<Map<string, RenderedPage>> {
  const webDir = join(distDir, 'web');
  const template = readFileSync(join(webDir, 'index.html'), 'utf8');
  const { render } = (await import(pathToFileURL(join(distDir, 'ssr', 'entry-server.js')).href)) as { render: Render };
  const manifest = JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const stylesheet = `/${manifest[SPA_ENTRY]?.css?.[0] ?? ''}`;
  // Inline, as a module (run once the page is parsed): a few KB that would otherwise be a request before the paint.
  const island = readFileSync(join(distDir, ISLAND_FILE), 'utf8').trim();
  if (island.includes('</script')) throw new Error(`${ISLAND_FILE} contains </script and can't be inlined`);
  const staticTail = [
    `<noscript><link rel="stylesheet" href="${stylesheet}"></noscript>`,
    `<script type="application/json" id="static-page">${scriptJson({ stylesheet, spa: chunkUrls(manifest, SPA_ENTRY) })}</script>`,
    `<script type="module">${island}</script>`,
  ].join('\n    ');
  const beasties = new Beasties({
    path: webDir,
    publicPath: '/',
    preload: 'body',
    noscriptFallback: false,
    pruneSource: false,
    reduceInlineStyles: false,
    logLevel: 'silent',
    // The menus' open states: not in the markup as rendered, needed at the first click.
    allowRules: [/\[open\]/, /\.show\b/],
  });
  const facts = siteInfoScript(site);

  /** The content page without the single-page app: its CSS and the island script inline, the stylesheet after. */
  async function staticPage(spaPage: string): Promise<RenderedPage> {
    const withoutApp = spaPage
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
    // Beasties inlines the rules the markup uses and moves the stylesheet's link to the end of the body; the island
    // loads it instead (a stylesheet link anywhere holds the paint of what follows it).
    const html = insertLiteral(
      (await beasties.process(withoutApp)).replace(/\s*<link rel="stylesheet"[^>]*>/g, ''),
      '</body>',
      `  ${staticTail}\n  </body>`,
    );
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => sha256Source(match[1] ?? ''));
    return { html, inline: { styles, scripts: [sha256Source(island)] } };
  }

  function page(route: Pick<ClientRoute, 'title' | 'description'>, body: string | null, withFacts = true): string {
    const titled = insertLiteral(template, '<!--page-title-->', escapeHtml(pageTitle(route.title)));
    const described = insertLiteral(
      titled,
      '<!--page-description-->',
      escapeHtml(route.description ?? DEFAULT_DESCRIPTION),
    );
    const withMeta = withFacts ? insertLiteral(described, '</body>', `${facts}\n  </body>`) : described;
    return body === null
      ? insertLiteral(withMeta, '<!--app-html-->', '<div class="boot-loading" role="status">Loading…</div>')
      : insertLiteral(
          withMeta,
          '<div id="root"><!--app-html--></div>',
          `<div id="root" data-prerendered="true">${body}</div>`,
        );
  }

  const spaPage = (html: string): RenderedPage => ({ html, inline: { styles: [], scripts: [] } });
  const pages = new Map<string, RenderedPage>();
  for (const route of clientRoutes) {
    const body = route.prerender ? await render(route.path, site, testimonials) : null;
    pages.set(
      pageFileName(route.path),
      STATIC_PATHS.has(route.path) ? await staticPage(page(route, body, false)) : spaPage(page(route, body)),
    );
  }
  pages.set(NOT_FOUND_PAGE, spaPage(page({ title: NOT_FOUND_TITLE }, await render('/__not_found__', site, []))));
  return pages;
}

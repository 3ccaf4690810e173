/**
 * Renders every client route to a whole HTML page with the running site's facts (the fee it charges, its contact
 * address), so public pages show their content before any JavaScript runs. The build runs it once (src/prerender
 * /prerender.ts, default facts); the server runs it again at start with its configuration.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ClientRoute, clientRoutes, NOT_FOUND_TITLE, pageTitle, routeKey } from '../contracts/paths.js';
import { type SiteInfo, siteInfoScript } from '../contracts/site-info.js';

export const NOT_FOUND_PAGE = '404.html';

const DEFAULT_DESCRIPTION =
  'C Programming Learning Hub: a live, cohort-based online course that teaches the C programming language.';

type Render = (url: string, site: SiteInfo) => Promise<string>;

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
  return existsSync(join(distDir, 'web', 'index.html')) && existsSync(join(distDir, 'ssr', 'entry-server.js'));
}

/** Every page by file name (pageFileName), and the not-found page as NOT_FOUND_PAGE. */
export async function renderPages(distDir: string, site: SiteInfo): Promise<Map<string, string>> {
  const template = readFileSync(join(distDir, 'web', 'index.html'), 'utf8');
  const { render } = (await import(pathToFileURL(join(distDir, 'ssr', 'entry-server.js')).href)) as { render: Render };
  const facts = siteInfoScript(site);

  function page(route: Pick<ClientRoute, 'title' | 'description'>, body: string | null): string {
    const withMeta = template
      .replace('<!--page-title-->', escapeHtml(pageTitle(route.title)))
      .replace('<!--page-description-->', escapeHtml(route.description ?? DEFAULT_DESCRIPTION))
      .replace('</body>', `${facts}\n  </body>`);
    return body === null
      ? withMeta.replace('<!--app-html-->', '<div class="boot-loading" role="status">Loading…</div>')
      : withMeta.replace(
          '<div id="root"><!--app-html--></div>',
          `<div id="root" data-prerendered="true">${body}</div>`,
        );
  }

  const pages = new Map<string, string>();
  for (const route of clientRoutes) {
    pages.set(pageFileName(route.path), page(route, route.prerender ? await render(route.path, site) : null));
  }
  pages.set(NOT_FOUND_PAGE, page({ title: NOT_FOUND_TITLE }, await render('/__not_found__', site)));
  return pages;
}

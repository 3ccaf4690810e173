import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findClientRoute } from '../../contracts/paths.js';
import type { SiteInfo } from '../../contracts/site-info.js';
import { canRenderPages, NOT_FOUND_PAGE, pageFileName, renderPages } from '../../prerender/render-pages.js';
import { type CompressedBody, compressBody, compressBodySync } from './compressed-body.js';

export { NOT_FOUND_PAGE, pageFileName };

export interface WebPages {
  /** The HTML for a browser path, or the not-found page with status 404. */
  pageFor(pathname: string): { status: 200 | 404; html: CompressedBody };
  /**
   * Renders every page again with changed facts and then swaps them in all at once: a request meanwhile gets the
   * old set, never a mix. Does nothing for pages the build prerendered without its server-side bundle.
   */
  rerender(site: SiteInfo): Promise<void>;
}

async function rendered(distDir: string, site: SiteInfo, atStart: boolean): Promise<Map<string, CompressedBody>> {
  const pages = new Map<string, CompressedBody>();
  for (const [file, html] of await renderPages(distDir, site)) {
    const raw = Buffer.from(html);
    // While the site serves, gzip off the event loop; at start nothing is waiting yet.
    pages.set(file, atStart ? compressBodySync(raw) : await compressBody(raw));
  }
  return pages;
}

/**
 * The site's pages, compressed in memory: rendered now with the running site's facts when the build left its
 * server-side bundle, else the files the build prerendered (dist/pages); undefined when the site was not built
 * (API-only development).
 */
export async function loadWebPages(distDir: string, site: SiteInfo): Promise<WebPages | undefined> {
  const canRender = canRenderPages(distDir);
  let pages = new Map<string, CompressedBody>();
  if (canRender) {
    pages = await rendered(distDir, site, true);
  } else {
    const pagesDir = join(distDir, 'pages');
    if (!existsSync(join(pagesDir, NOT_FOUND_PAGE))) return undefined;
    for (const file of readdirSync(pagesDir)) {
      if (file.endsWith('.html')) pages.set(file, compressBodySync(readFileSync(join(pagesDir, file))));
    }
  }
  return {
    pageFor(pathname) {
      const route = findClientRoute(pathname);
      const html = route ? pages.get(pageFileName(route.path)) : undefined;
      return html ? { status: 200, html } : { status: 404, html: pages.get(NOT_FOUND_PAGE)! };
    },
    async rerender(changed) {
      if (canRender) pages = await rendered(distDir, changed, false);
    },
  };
}

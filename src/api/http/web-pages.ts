import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findClientRoute } from '../../contracts/paths.js';
import type { SiteInfo } from '../../contracts/site-info.js';
import { canRenderPages, NOT_FOUND_PAGE, pageFileName, renderPages } from '../../prerender/render-pages.js';
import { type CompressedBody, compressBodySync } from './compressed-body.js';

export { NOT_FOUND_PAGE, pageFileName };

export interface WebPages {
  /** The HTML for a browser path, or the not-found page with status 404. */
  pageFor(pathname: string): { status: 200 | 404; html: CompressedBody };
}

/**
 * The site's pages, once, compressed in memory: rendered now with the running site's facts when the build left its
 * server-side bundle, else the files the build prerendered (dist/pages); undefined when the site was not built
 * (API-only development).
 */
export async function loadWebPages(distDir: string, site: SiteInfo): Promise<WebPages | undefined> {
  const pages = new Map<string, CompressedBody>();
  if (canRenderPages(distDir)) {
    for (const [file, html] of await renderPages(distDir, site)) pages.set(file, compressBodySync(Buffer.from(html)));
  } else {
    const pagesDir = join(distDir, 'pages');
    if (!existsSync(join(pagesDir, NOT_FOUND_PAGE))) return undefined;
    for (const file of readdirSync(pagesDir)) {
      if (file.endsWith('.html')) pages.set(file, compressBodySync(readFileSync(join(pagesDir, file))));
    }
  }
  const notFound = pages.get(NOT_FOUND_PAGE)!;
  return {
    pageFor(pathname) {
      const route = findClientRoute(pathname);
      const html = route ? pages.get(pageFileName(route.path)) : undefined;
      return html ? { status: 200, html } : { status: 404, html: notFound };
    },
  };
}

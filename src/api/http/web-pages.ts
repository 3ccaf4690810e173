import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findClientRoute, routeKey } from '../../contracts/paths.js';
import { type CompressedBody, compressBodySync } from './compressed-body.js';

/** File name of a route's page in dist/pages: '/' -> 'index.html', '/AboutUs' -> 'aboutus.html'. */
export function pageFileName(path: string): string {
  const key = routeKey(path);
  return key === '/' ? 'index.html' : `${key.slice(1).replaceAll('/', '_')}.html`;
}

export const NOT_FOUND_PAGE = '404.html';

export interface WebPages {
  /** The HTML for a browser path, or the not-found page with status 404. */
  pageFor(pathname: string): { status: 200 | 404; html: CompressedBody };
}

/** Loads the pages the build prerendered (dist/pages) once; undefined when the site was not built (API-only dev). */
export function loadWebPages(pagesDir: string): WebPages | undefined {
  if (!existsSync(join(pagesDir, NOT_FOUND_PAGE))) return undefined;
  const pages = new Map<string, CompressedBody>();
  for (const file of readdirSync(pagesDir)) {
    if (file.endsWith('.html')) pages.set(file, compressBodySync(readFileSync(join(pagesDir, file))));
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

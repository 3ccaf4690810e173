import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing page's budget (issue 9): gzip bytes of JavaScript and CSS it loads up front. */
export const LANDING_PAGE_BUDGET = { jsGzip: 100 * 1024, cssGzip: 30 * 1024 } as const;

export interface PageWeight {
  jsGzip: number;
  cssGzip: number;
  files: string[];
}

/** The JavaScript and CSS a prerendered page loads up front (scripts, module preloads, stylesheets), gzipped. */
export function pageWeight(distDir: string, pageFile = 'index.html'): PageWeight {
  const html = readFileSync(join(distDir, 'pages', pageFile), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  let jsGzip = 0;
  let cssGzip = 0;
  for (const ref of new Set(refs)) {
    const size = gzipSync(readFileSync(join(distDir, 'web', ref))).length;
    if (ref.endsWith('.js')) jsGzip += size;
    else cssGzip += size;
  }
  return { jsGzip, cssGzip, files: [...new Set(refs)] };
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The landing page's budget, gzip bytes of JavaScript and CSS it loads: issue 9 set 100 KB and 30 KB; issue 21 made
 * it a static page with an island script (docs/decisions/018): 20 KB of JavaScript at most, the stylesheet's 30 KB
 * kept, and the CSS inline in its HTML within the first round trip's 14 KB.
 */
export const LANDING_PAGE_BUDGET = { jsGzip: 20 * 1024, cssGzip: 30 * 1024, inlineCssGzip: 14 * 1024 } as const;

export interface PageWeight {
  jsGzip: number;
  /** The stylesheets it links (a static page: the whole stylesheet, loaded after the first paint). */
  cssGzip: number;
  /** Its inline <style> elements (a static page: the rules its markup uses). */
  inlineCssGzip: number;
  files: string[];
}

/**
 * The JavaScript and CSS a prerendered page loads up front (scripts, module preloads, stylesheets, its own
 * <noscript> or deferred stylesheet, its inline <style> and module <script> elements), gzipped. The single-page
 * app's chunks a static page fetches ahead on idle time or a link's hover are not up front: they are named in a JSON
 * block, not in src or href.
 */
export function pageWeight(distDir: string, pageFile = 'index.html'): PageWeight {
  const html = readFileSync(join(distDir, 'pages', pageFile), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('');
  const inlineCssGzip = inline ? gzipSync(inline).length : 0;
  // Inline module scripts (a static page's island); JSON blocks are data, not code.
  const inlineJs = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  let jsGzip = inlineJs.reduce((total, code) => total + gzipSync(code).length, 0);
  let cssGzip = 0;
  for (const ref of new Set(refs)) {
    const size = gzipSync(readFileSync(join(distDir, 'web', ref))).length;
    if (ref.endsWith('.js')) jsGzip += size;
    else cssGzip += size;
  }
  return { jsGzip, cssGzip, inlineCssGzip, files: [...new Set(refs)] };
}

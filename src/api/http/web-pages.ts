import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { findClientRoute } from '../../contracts/paths.js';
import type { Testimonial } from '../../contracts/site.js';
import type { SiteInfo } from '../../contracts/site-info.js';
import {
  canRenderPages,
  type InlineHashes,
  NOT_FOUND_PAGE,
  pageFileName,
  type RenderedPage,
} from '../../prerender/render-pages.js';
import { workerScript } from '../grader/worker-pool.js';
import { type CompressedBody, compressBody, compressBodySync } from './compressed-body.js';

export { NOT_FOUND_PAGE, pageFileName };

/** A page ready to send: its bytes, and its own Content-Security-Policy when it has inline styles or scripts. */
interface ServedPage {
  html: CompressedBody;
  csp?: string;
}

export interface WebPages {
  /** The HTML for a browser path, or the not-found page with status 404. */
  pageFor(pathname: string): { status: 200 | 404 } & ServedPage;
  /**
   * Renders every page again with changed facts or testimonials and then swaps them in all at once: a request
   * meanwhile gets the old set, never a mix. Does nothing for pages the build prerendered without its server-side
   * bundle. Renders run one at a time, in the order asked.
   */
  rerender(changed: { site?: SiteInfo; testimonials?: Testimonial[] }): Promise<void>;
}

/** The site's Content-Security-Policy with the given inline styles and scripts allowed (security-headers.ts). */
export type CspWithInline = (hashes: InlineHashes) => string;

/**
 * React renders in a worker thread, never on the server's own. React's server renderer keeps an AsyncLocalStorage,
 * and on Node 20 running it once turns on async hooks for the life of the thread: every promise the server made
 * afterwards paid for them (about 5 % of the CPU of a cached GET /courses/). The worker also keeps a re-render after
 * a settings change, and the critical-CSS pass over each page, off the event loop.
 */
function renderInWorker(
  distDir: string,
  site: SiteInfo,
  testimonials: Testimonial[],
): Promise<[string, RenderedPage][]> {
  const script = workerScript('render-pages-worker', import.meta.url);
  const worker = new Worker('url' in script ? script.url : script.source, {
    eval: !('url' in script),
    workerData: { distDir, site, testimonials },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (pages: [string, RenderedPage][]) => {
      resolve(pages);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`rendering the pages stopped (exit code ${code})`)));
  });
}

async function rendered(
  distDir: string,
  site: SiteInfo,
  testimonials: Testimonial[],
  cspWithInline: CspWithInline,
  atStart: boolean,
): Promise<Map<string, ServedPage>> {
  const pages = new Map<string, ServedPage>();
  for (const [file, page] of await renderInWorker(distDir, site, testimonials)) {
    const raw = Buffer.from(page.html);
    // While the site serves, gzip off the event loop; at start nothing is waiting yet.
    pages.set(file, {
      html: atStart ? compressBodySync(raw) : await compressBody(raw),
      csp: page.inline.styles.length + page.inline.scripts.length > 0 ? cspWithInline(page.inline) : undefined,
    });
  }
  return pages;
}

/**
 * The site's pages, compressed in memory: rendered now with the running site's facts and testimonials when the
 * build left its server-side bundle, else the files the build prerendered (dist/pages); undefined when the site was
 * not built (API-only development).
 */
export async function loadWebPages(
  distDir: string,
  start: { site: SiteInfo; testimonials: Testimonial[] },
  cspWithInline: CspWithInline,
): Promise<WebPages | undefined> {
  const canRender = canRenderPages(distDir);
  let current = start;
  let pages = new Map<string, ServedPage>();
  let rendering: Promise<void> = Promise.resolve();
  if (canRender) {
    pages = await rendered(distDir, current.site, current.testimonials, cspWithInline, true);
  } else {
    const pagesDir = join(distDir, 'pages');
    if (!existsSync(join(pagesDir, NOT_FOUND_PAGE))) return undefined;
    for (const file of readdirSync(pagesDir)) {
      if (file.endsWith('.html')) pages.set(file, { html: compressBodySync(readFileSync(join(pagesDir, file))) });
    }
  }
  return {
    pageFor(pathname) {
      const route = findClientRoute(pathname);
      const page = route ? pages.get(pageFileName(route.path)) : undefined;
      return page ? { status: 200, ...page } : { status: 404, ...pages.get(NOT_FOUND_PAGE)! };
    },
    rerender(changed) {
      if (!canRender) return Promise.resolve();
      current = { ...current, ...changed };
      rendering = rendering
        .catch(() => undefined)
        .then(async () => {
          pages = await rendered(distDir, current.site, current.testimonials, cspWithInline, false);
        });
      return rendering;
    },
  };
}

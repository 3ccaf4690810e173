import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { findClientRoute } from '../../contracts/paths.js';
import type { SiteInfo } from '../../contracts/site-info.js';
import { canRenderPages, NOT_FOUND_PAGE, pageFileName } from '../../prerender/render-pages.js';
import { workerScript } from '../grader/worker-pool.js';
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

/**
 * React renders in a worker thread, never on the server's own. React's server renderer keeps an AsyncLocalStorage,
 * and on Node 20 running it once turns on async hooks for the life of the thread: every promise the server made
 * afterwards paid for them (about 5 % of the CPU of a cached GET /courses/). The worker also keeps a re-render after
 * a settings change off the event loop.
 */
function renderInWorker(distDir: string, site: SiteInfo): Promise<[string, string][]> {
  const script = workerScript('render-pages-worker', import.meta.url);
  const worker = new Worker('url' in script ? script.url : script.source, {
    eval: !('url' in script),
    workerData: { distDir, site },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (pages: [string, string][]) => {
      resolve(pages);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`rendering the pages stopped (exit code ${code})`)));
  });
}

async function rendered(distDir: string, site: SiteInfo, atStart: boolean): Promise<Map<string, CompressedBody>> {
  const pages = new Map<string, CompressedBody>();
  for (const [file, html] of await renderInWorker(distDir, site)) {
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

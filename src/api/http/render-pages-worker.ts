/** Renders the site's pages in a worker thread and posts them back as [file, html] pairs (see web-pages.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { SiteInfo } from '../../contracts/site-info.js';
import { renderPages } from '../../prerender/render-pages.js';

const { distDir, site } = workerData as { distDir: string; site: SiteInfo };
parentPort!.postMessage([...(await renderPages(distDir, site))]);

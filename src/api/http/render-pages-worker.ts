/** Renders the site's pages in a worker thread and posts them back as [file, page] pairs (see web-pages.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { Testimonial } from '../../contracts/site.js';
import type { SiteInfo } from '../../contracts/site-info.js';
import { renderPages } from '../../prerender/render-pages.js';

const { distDir, site, testimonials } = workerData as { distDir: string; site: SiteInfo; testimonials: Testimonial[] };
parentPort!.postMessage([...(await renderPages(distDir, site, testimonials))]);

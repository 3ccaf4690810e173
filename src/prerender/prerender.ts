/**
 * Build step: writes dist/pages/<route>.html for every client route with the default site facts, so the build can
 * be checked (page weight, Lighthouse) as files. The server renders the pages again at start with its own
 * configuration and the teacher's site settings (http/web-pages.ts), and again whenever a setting changes.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_COURSE_FEE_PAISE } from '../contracts/course.js';
import { DEFAULT_CONTACT_EMAIL, DEFAULT_SITE_CONTENT } from '../contracts/site-info.js';
import { renderPages } from './render-pages.js';

const dist = resolve('dist');
const out = join(dist, 'pages');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const pages = await renderPages(
  dist,
  { ...DEFAULT_SITE_CONTENT, courseFeePaise: DEFAULT_COURSE_FEE_PAISE, contactEmail: DEFAULT_CONTACT_EMAIL },
  [],
);
for (const [file, { html }] of pages) writeFileSync(join(out, file), html);
console.log(`prerendered ${pages.size} pages into ${out}`);

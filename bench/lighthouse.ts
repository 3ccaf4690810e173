/**
 * `npm run lighthouse -- http://127.0.0.1:PORT/`: Lighthouse's default (mobile emulation, simulated throttling) run on
 * Debian's Chromium against a running site. Prints the four category scores ×100, LCP, CLS and total blocking time,
 * and every audit that did not pass; the full JSON report goes to .tmp/lighthouse-report.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromiumFlags } from '../playwright.config.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Debian's Chromium, headless, as the browser tests run it (for Lighthouse and the step-through slider). */
export const CHROMIUM_FLAGS = chromiumFlags;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Category = (typeof CATEGORIES)[number];

export interface LighthouseResult {
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

interface FailedAudit {
  id: string;
  title: string;
  score: number;
  displayValue?: string;
}

async function lighthouseReport(url: string): Promise<Result> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
  try {
    const run = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!run) throw new Error(`Lighthouse returned no result for ${url}`);
    return run.lhr;
  } finally {
    chrome.kill();
  }
}

async function audit(url: string): Promise<{ result: LighthouseResult; failed: FailedAudit[]; report: Result }> {
  // On a busy machine Chrome's trace now and then misses the page load (NO_NAVSTART); Lighthouse's advice is to run
  // again.
  let report = await lighthouseReport(url);
  // Twice more: the bench runs six audits in a row, and a miss in any would lose the whole comparison.
  for (let retry = 0; retry < 2 && report.runtimeError; retry += 1) report = await lighthouseReport(url);
  if (report.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${report.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, report.categories[id]?.score ?? 0])) as Record<
    Category,
    number
  >;
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const audited = new Set(CATEGORIES.flatMap((id) => report.categories[id]?.auditRefs.map((ref) => ref.id) ?? []));
  const failed = Object.values(report.audits)
    .filter((entry) => audited.has(entry.id) && entry.score !== null && entry.score < 1)
    .map((entry) => ({ id: entry.id, title: entry.title, score: entry.score ?? 0, displayValue: entry.displayValue }));
  return {
    result: {
      scores,
      lcpMs: metric('largest-contentful-paint'),
      cls: metric('cumulative-layout-shift'),
      tbtMs: metric('total-blocking-time'),
    },
    failed,
    report,
  };
}

/** Lighthouse's mobile run on `url`: category scores from 0 to 1, LCP and TBT in milliseconds, CLS unitless. */
export async function runLighthouse(url: string): Promise<LighthouseResult> {
  return (await audit(url)).result;
}

/**
 * The static twin of a page: the HTML the site serves for it, fetched now, with every script (the island, its
 * preloads, the JSON blocks) and the deferred stylesheet (the <noscript> link) removed and the page's own inline
 * critical CSS kept. It is what the page would be as a hand-written HTML file with nothing to run: the limit the
 * site's page is measured against.
 */
export function staticTwin(html: string): string {
  return html
    .replace(/\s*<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/g, '');
}

/**
 * Serves `html` gzipped at / from a bare node:http server on 127.0.0.1, and relays any other path (the icon, images)
 * to the site, so that the twin loads them from its own origin as the site's page does.
 */
export async function serveTwin(
  html: string,
  siteOrigin: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const body = gzipSync(html);
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        'cache-control': 'no-cache',
      });
      response.end(body);
      return;
    }
    void fetch(`${siteOrigin}${request.url ?? '/'}`).then(
      async (relayed) => {
        response.writeHead(relayed.status, { 'content-type': relayed.headers.get('content-type') ?? 'text/plain' });
        response.end(Buffer.from(await relayed.arrayBuffer()));
      },
      () => response.writeHead(502).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface TwinComparison {
  site: LighthouseResult;
  twin: LighthouseResult;
  /** The site's median LCP over the twin's. */
  ratio: number;
  siteLcps: number[];
  twinLcps: number[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Lighthouse on the site's page and on its static twin, alternately (`runs` each, so both see the same load on a
 * shared machine); each side's run with the median LCP is the one reported.
 */
export async function compareWithTwin(url: string, runs = 3): Promise<TwinComparison> {
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  const twinServer = await serveTwin(staticTwin(await response.text()), new URL(url).origin);
  try {
    const site: LighthouseResult[] = [];
    const twin: LighthouseResult[] = [];
    for (let run = 0; run < runs; run += 1) {
      site.push(await runLighthouse(url));
      twin.push(await runLighthouse(twinServer.url));
    }
    const pick = (results: LighthouseResult[]) =>
      results.find((result) => result.lcpMs === median(results.map((entry) => entry.lcpMs)))!;
    const siteMedian = pick(site);
    const twinMedian = pick(twin);
    return {
      site: siteMedian,
      twin: twinMedian,
      ratio: siteMedian.lcpMs / twinMedian.lcpMs,
      siteLcps: site.map((result) => result.lcpMs),
      twinLcps: twin.map((result) => result.lcpMs),
    };
  } finally {
    await twinServer.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: tsx bench/lighthouse.ts http://127.0.0.1:PORT/ [--twin]');
    process.exit(2);
  }
  if (process.argv.includes('--twin')) {
    const { site, twin, ratio, siteLcps, twinLcps } = await compareWithTwin(url);
    const ms = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
    console.log(`Lighthouse (mobile) ${url} against its static twin, 3 runs each, alternately`);
    console.log(`  site LCP ${Math.round(site.lcpMs)} ms (runs ${ms(siteLcps)})`);
    console.log(`  twin LCP ${Math.round(twin.lcpMs)} ms (runs ${ms(twinLcps)})`);
    console.log(`  ratio ${ratio.toFixed(2)}`);
    for (const id of CATEGORIES) console.log(`  ${id.padEnd(15)} ${Math.round(site.scores[id] * 100)}`);
    process.exit(0);
  }
  const { result, failed, report } = await audit(url);
  mkdirSync('.tmp', { recursive: true });
  writeFileSync('.tmp/lighthouse-report.json', JSON.stringify(report, null, 2));
  console.log(`Lighthouse (mobile) ${url}`);
  for (const id of CATEGORIES) console.log(`  ${id.padEnd(15)} ${Math.round(result.scores[id] * 100)}`);
  console.log(`  LCP ${Math.round(result.lcpMs)} ms, CLS ${result.cls.toFixed(3)}, TBT ${Math.round(result.tbtMs)} ms`);
  for (const entry of failed) {
    console.log(
      `  not passed: ${entry.id} (${entry.score})${entry.displayValue ? ` ${entry.displayValue}` : ''}: ${entry.title}`,
    );
  }
}

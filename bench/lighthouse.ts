/**
 * `npm run lighthouse -- http://127.0.0.1:PORT/`: Lighthouse's default (mobile emulation, simulated throttling) run on
 * Debian's Chromium against a running site. Prints the four category scores ×100, LCP, CLS and total blocking time,
 * and every audit that did not pass; the full JSON report goes to .tmp/lighthouse-report.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
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
  if (report.runtimeError) report = await lighthouseReport(url);
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: tsx bench/lighthouse.ts http://127.0.0.1:PORT/');
    process.exit(2);
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

/**
 * `npm run bench`: builds the site, starts the production server on a throwaway SQLite database
 * and loads it from this (second) process with autocannon, 50 connections. Prints requests per second
 * and p50/p99 latency per endpoint, and the landing page's JavaScript and CSS weight.
 * Then the grader: gradings per minute of a 10-test C program, and GET /courses/ latency while grading runs.
 * With --cluster: GET /courses/ through nginx with one and with two site processes on PostgreSQL, and the ratio.
 * Options: --no-build (reuse dist/), --duration=N seconds per endpoint.
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../test/pg-cluster.js';
import { benchCluster } from './cluster.js';
import { benchGrading } from './grading.js';
import { pageWeight } from './page-weight.js';

const args = new Set(process.argv.slice(2));
const duration = Number([...args].find((arg) => arg.startsWith('--duration='))?.split('=')[1] ?? 5);
const BUDGET = { js: 100 * 1024, css: 30 * 1024 };

if (!args.has('--no-build')) execSync('npm run -s build', { stdio: 'inherit' });

if (args.has('--cluster')) {
  await benchCluster(duration);
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'course-bench-'));
const port = await freePort();
const server = spawn(process.execPath, ['dist/server/api/server.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'Bench#2026pass',
  },
});

try {
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`);
  const endpoints = [
    { name: 'landing page', path: '/', headers: { accept: 'text/html' } },
    { name: 'About Us page', path: '/AboutUs', headers: { accept: 'text/html' } },
    { name: 'GET /students/get_old_students', path: '/students/get_old_students', headers: {} },
    { name: 'GET /healthz', path: '/healthz', headers: {} },
  ];
  console.log(`\nLoad: 50 connections, ${duration} s per endpoint, server on SQLite\n`);
  console.log(pad('endpoint', 34) + pad('req/s', 10) + pad('p50 ms', 9) + pad('p99 ms', 9) + 'errors');
  for (const endpoint of endpoints) {
    const result = await autocannon({ url: base + endpoint.path, connections: 50, duration, headers: endpoint.headers });
    const errors = result.errors + result.non2xx;
    console.log(
      pad(endpoint.name, 34) +
        pad(result.requests.average.toFixed(0), 10) +
        pad(String(result.latency.p50), 9) +
        pad(String(result.latency.p99), 9) +
        String(errors),
    );
  }
  console.log('\nGrading C programs (Clang to WebAssembly, run under WASI, in worker threads)');
  for (const line of await benchGrading(base, { email: 'admin@c-course.local', password: 'Bench#2026pass' }, Math.max(10, duration * 2))) console.log(`  ${line}`);

  const weight = pageWeight('dist');
  console.log(`\nLanding page weight (gzip): JavaScript ${kb(weight.jsGzip)} (budget ${kb(BUDGET.js)}), CSS ${kb(weight.cssGzip)} (budget ${kb(BUDGET.css)})`);
  if (weight.jsGzip > BUDGET.js || weight.cssGzip > BUDGET.css) console.log('  over budget');
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

function pad(text: string, width: number): string {
  return text.padEnd(width);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

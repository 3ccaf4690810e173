/**
 * `npm run bench`: builds the site, seeds a database with 100,000 students, 100 batches, 1,000 sessions and
 * programs, starts the production server on SQLite (with --pg, on a throwaway PostgreSQL), and loads it from this
 * process with autocannon, 50 connections. Also measures this machine's limit: a bare node:http server answering the
 * same GET /courses/ JSON from a prepared better-sqlite3 statement. Prints per endpoint requests per second, p50 and
 * p99 latency and the ratio to the bare limit, then the targets met or not, the C grader's figures and the landing
 * page's weight. With --cluster: GET /courses/ through nginx with one and two processes.
 * Options: --no-build (reuse dist/), --duration=N seconds per endpoint (default 10), --pg, --cluster.
 */
import { type ChildProcess, execSync, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../src/api/db/database.js';
import { migrateToLatest } from '../src/api/db/migrate.js';
import { freePort, startPgCluster } from '../test/pg-cluster.js';
import { benchCluster } from './cluster.js';
import { benchGrading } from './grading.js';
import { runLighthouse } from './lighthouse.js';
import { LANDING_PAGE_BUDGET, pageWeight } from './page-weight.js';
import { BENCH_ADMIN, BENCH_STUDENT, SEARCH_TERMS, seedLarge } from './seed-large.js';

const args = new Set(process.argv.slice(2));
const duration = Number([...args].find((arg) => arg.startsWith('--duration='))?.split('=')[1] ?? 10);
const CONNECTIONS = 50;

if (!args.has('--no-build')) execSync('npm run -s build', { stdio: 'inherit' });
if (args.has('--cluster')) {
  await benchCluster(duration);
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'course-bench-'));
const pg = args.has('--pg') ? await startPgCluster() : undefined;
const databaseUrl = pg ? pg.url('postgres') : `sqlite:${join(dataDir, 'app.db')}`;
const children: ChildProcess[] = [];

try {
  console.log(`Seeding ${pg ? 'PostgreSQL' : 'SQLite'}: 100,000 students, 100 batches, 1,000 sessions and programs…`);
  const seeded = Date.now();
  for (const url of pg ? [databaseUrl, `sqlite:${join(dataDir, 'bare.db')}`] : [databaseUrl]) {
    const handle = openDatabase(url);
    await migrateToLatest(handle.db);
    await seedLarge(handle.db, url === databaseUrl ? 100_000 : 1);
    // Planner statistics, as autovacuum gathers them within a minute of a bulk load (SQLite: PRAGMA optimize at start).
    if (handle.dialect === 'postgres') await sql`analyze`.execute(handle.db);
    await handle.destroy();
  }
  console.log(`  seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  const port = await freePort();
  const server = spawn(process.execPath, ['dist/server/api/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
  });
  children.push(server);
  const barePort = await freePort();
  const bare = fork('bench/bare-server.ts', [pg ? join(dataDir, 'bare.db') : join(dataDir, 'app.db'), String(barePort)], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
  children.push(bare);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/healthz`);
  await new Promise<void>((resolve) => bare.once('message', () => resolve()));
  // The server loads Clang into its compile worker after starting: let that pass before measuring.
  await new Promise((resolve) => setTimeout(resolve, 6000));

  const login = async (who: { email: string; password: string }, ip: string) => {
    const response = await fetch(`${base}/students/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(who) });
    return ((await response.json()) as { meta: { token: string } }).meta.token;
  };
  const studentToken = await login(BENCH_STUDENT, '10.1.0.1');
  const adminToken = await login(BENCH_ADMIN, '10.1.0.2');
  const asStudent = { authorization: `Bearer ${studentToken}` };
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  let ip = 0;
  const loginRequest: autocannon.Request = {
    method: 'POST',
    path: '/students/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_STUDENT),
    // Each login from its own address: the per-IP limit would otherwise answer most of them 429.
    setupRequest: (request) => {
      ip += 1;
      return { ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` } };
    },
  };

  // Each line starts once the previous one's requests have drained (the server answers a health check at once).
  const settle = async () => {
    for (let i = 0; i < 300; i += 1) {
      const started = Date.now();
      await fetch(`${base}/healthz`).catch(() => undefined);
      if (Date.now() - started < 50) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const load = async (url: string, options: Partial<autocannon.Options> = {}) => {
    await settle();
    return autocannon({ url, connections: CONNECTIONS, duration, ...options });
  };
  const limit = await load(`http://127.0.0.1:${barePort}/courses/`);
  const results: [string, autocannon.Result][] = [
    ['bare node:http GET /courses/ (limit)', limit],
    ['landing page', await load(`${base}/`, { headers: { accept: 'text/html' } })],
    ['GET /students/profile', await load(`${base}/students/profile`, { headers: asStudent })],
    // As a browser asks (it takes gzip), and as a client that doesn't: ~9 KB or ~130 KB per answer.
    ['GET /courses/ (student)', await load(`${base}/courses/`, { headers: { ...asStudent, ...browser } })],
    ['GET /courses/ (student, no gzip)', await load(`${base}/courses/`, { headers: asStudent })],
    ['admin list, search "sharma", page 3', await load(`${base}/students/get_regd_students?q=sharma&page=3&per_page=25`, { headers: { authorization: `Bearer ${adminToken}` } })],
    ['POST /students/login', await load(base, { connections: 10, requests: [loginRequest] })],
  ];
  // The same lists uncached: one admin, each request a term not asked before (a new count and a new page).
  await settle();
  const cold: number[] = [];
  for (const [i, term] of SEARCH_TERMS.entries()) {
    const started = performance.now();
    const response = await fetch(`${base}/students/get_regd_students?q=${encodeURIComponent(term)}&page=${(i % 5) + 1}&per_page=25`, { headers: { authorization: `Bearer ${adminToken}` } });
    await response.arrayBuffer();
    cold.push(performance.now() - started);
  }
  cold.sort((a, b) => a - b);
  const coldP95 = cold[Math.ceil(cold.length * 0.95) - 1]!;

  // Logins hash with argon2 on the thread pool: other requests must not wait for them.
  await settle();
  const [coursesDuringLogins, loginsAlongside] = await Promise.all([
    autocannon({ url: `${base}/courses/`, connections: CONNECTIONS, duration, headers: { ...asStudent, ...browser } }),
    autocannon({ url: base, connections: 10, duration, requests: [loginRequest] }),
  ]);
  results.push(['GET /courses/ while logins run', coursesDuringLogins]);

  console.log(`\nLoad: ${CONNECTIONS} connections (10 for logins), ${duration} s per line, server on ${pg ? 'PostgreSQL' : 'SQLite'}, 100,000 students\n`);
  console.log(pad('endpoint', 40) + pad('req/s', 9) + pad('p50 ms', 8) + pad('p97.5', 8) + pad('p99 ms', 8) + pad('vs bare', 9) + 'errors');
  for (const [name, r] of results) {
    console.log(
      pad(name, 40) +
        pad(r.requests.average.toFixed(0), 9) +
        pad(String(r.latency.p50), 8) +
        pad(String(r.latency.p97_5), 8) +
        pad(String(r.latency.p99), 8) +
        pad((r.requests.average / limit.requests.average).toFixed(2), 9) +
        String(r.errors + r.non2xx),
    );
  }
  const find = (name: string) => results.find(([n]) => n === name)![1];
  const courses = find('GET /courses/ (student)');
  const admin = find('admin list, search "sharma", page 3');
  console.log('\nTargets');
  target('GET /courses/ at least 0.6 of the bare limit', courses.requests.average / limit.requests.average >= 0.6, (courses.requests.average / limit.requests.average).toFixed(2));
  target('GET /courses/ p99 under 25 ms', courses.latency.p99 < 25, `${courses.latency.p99} ms`);
  target('admin list p95 under 50 ms at 100,000 students (p97.5 shown)', admin.latency.p97_5 < 50, `${admin.latency.p97_5} ms`);
  console.log(
    `           admin list uncached, one admin, ${cold.length} terms never asked before: p50 ${cold[Math.floor(cold.length / 2)]!.toFixed(1)} ms, p95 ${coldP95.toFixed(1)} ms, max ${cold.at(-1)!.toFixed(1)} ms`,
  );
  target(
    'logins do not hold up other requests (GET /courses/ keeps half its rate and p99 within 2x while logins run)',
    loginsAlongside.requests.total > 0 &&
      coursesDuringLogins.requests.average >= courses.requests.average / 2 &&
      coursesDuringLogins.latency.p99 <= Math.max(25, courses.latency.p99 * 2),
    `${coursesDuringLogins.requests.average.toFixed(0)} req/s, p99 ${coursesDuringLogins.latency.p99} ms alongside ${loginsAlongside.requests.average.toFixed(0)} logins/s; alone ${courses.requests.average.toFixed(0)} req/s, p99 ${courses.latency.p99} ms`,
  );

  console.log('\nGrading C programs (Clang to WebAssembly, run under WASI, in worker threads)');
  for (const line of await benchGrading(base, BENCH_ADMIN, Math.max(10, duration))) console.log(`  ${line}`);

  const weight = pageWeight('dist');
  console.log(`\nLanding page weight (gzip): JavaScript ${kb(weight.jsGzip)} (budget ${kb(LANDING_PAGE_BUDGET.jsGzip)}), CSS ${kb(weight.cssGzip)} (budget ${kb(LANDING_PAGE_BUDGET.cssGzip)})`);
  target('landing JavaScript within budget', weight.jsGzip <= LANDING_PAGE_BUDGET.jsGzip, kb(weight.jsGzip));
  target('landing CSS within budget', weight.cssGzip <= LANDING_PAGE_BUDGET.cssGzip, kb(weight.cssGzip));

  await settle();
  console.log('\nLighthouse, landing page, mobile emulation (Debian Chromium)');
  const lighthouse = await runLighthouse(`${base}/`);
  for (const [category, score] of Object.entries(lighthouse.scores)) target(`${category} at least 95`, score >= 0.95, String(Math.round(score * 100)));
  console.log(`  LCP ${(lighthouse.lcpMs / 1000).toFixed(2)} s, CLS ${lighthouse.cls.toFixed(3)}, total blocking time ${lighthouse.tbtMs.toFixed(0)} ms`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  pg?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

function target(what: string, met: boolean, figure: string): void {
  console.log(`  ${met ? 'met    ' : 'NOT MET'}  ${what}: ${figure}`);
}

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
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

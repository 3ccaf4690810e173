/**
 * Where the site's CPU goes on authenticated GET /courses/ (SQLite): seeds the bench's database once (kept in
 * .tmp/profile/app.db for the next run), starts the built server with `--cpu-prof`, signs in the bench's 50
 * students, loads the call with wrk as the bench does (50 connections, their tokens in turn, gzip), reads the
 * server's CPU time from /proc around the measured run, stops it with SIGTERM so the profile is written, and prints
 * CPU µs per request and the profile's top entries. The bare server (bench/bare-server.ts) is measured the same way.
 * Options: --duration=N (default 5), --no-prof (CPU µs/request only), --no-bare, --server=<path> (another build's
 * dist/server/api/server.js, to compare two builds back to back).
 * Build first (`npm run -s build`).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join, resolve } from 'node:path';
import { openDatabase } from '../src/api/db/database.js';
import { migrateToLatest } from '../src/api/db/migrate.js';
import { freePort } from '../test/pg-cluster.js';
import { summarise, summaryLines } from './cpu-profile-summary.js';
import { processCpuUs } from './process-cpu.js';
import { BENCH_STUDENTS, seedLarge } from './seed-large.js';
import { startSite } from './site-server.js';
import { ensureWrk, load } from './wrk.js';

const args = process.argv.slice(2);
const duration = Number(args.find((arg) => arg.startsWith('--duration='))?.split('=')[1] ?? 5);
const profiling = !args.includes('--no-prof');
const serverScript = args.find((arg) => arg.startsWith('--server='))?.split('=')[1] ?? 'dist/server/api/server.js';
const dir = resolve('.tmp/profile');
const dbPath = join(dir, 'app.db');
const profDir = join(dir, 'prof');
const bareProfDir = join(dir, 'prof-bare');
const browser = { 'accept-encoding': 'gzip, deflate, br' };

ensureWrk();
mkdirSync(dir, { recursive: true });
if (!existsSync(dbPath)) {
  console.log('Seeding SQLite (100,000 students)…');
  const handle = openDatabase(`sqlite:${dbPath}`);
  await migrateToLatest(handle.db);
  await seedLarge(handle.db, 100_000);
  await handle.destroy();
}
rmSync(profDir, { recursive: true, force: true });
rmSync(bareProfDir, { recursive: true, force: true });
const exitOnSigterm = `data:text/javascript,${encodeURIComponent("process.on('SIGTERM', () => process.exit(0));")}`;

const children: ChildProcess[] = [];
try {
  const { base, server } = await startSite({
    databaseUrl: `sqlite:${dbPath}`,
    nodeFlags: profiling ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
    script: serverScript,
  });
  children.push(server);
  await new Promise((done) => setTimeout(done, 6000)); // Clang loads into the compile worker after start
  const tokens = await Promise.all(
    BENCH_STUDENTS.map(async (student, i) => {
      const response = await fetch(`${base}/students/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.2.0.${i + 1}` },
        body: JSON.stringify(student),
      });
      return ((await response.json()) as { meta: { token: string } }).meta.token;
    }),
  );
  const options = { connections: 50, bearerTokens: tokens, headers: browser };

  const measureCpu = async (url: string, pid: number) => {
    await load(url, { ...options, durationS: 2 });
    const before = processCpuUs(pid);
    const result = await load(url, { ...options, durationS: duration });
    const cpuUs = processCpuUs(pid) - before;
    return { ...result, usPerRequest: cpuUs / result.total };
  };
  const line = (name: string, r: Awaited<ReturnType<typeof measureCpu>>) =>
    console.log(
      `${name.padEnd(24)} ${r.rps.toFixed(0).padStart(6)} req/s  p99 ${r.p99.toFixed(1)} ms  ${r.usPerRequest.toFixed(1)} µs CPU/request  errors ${r.errors}`,
    );

  if (!args.includes('--no-bare')) {
    const answer = join(dir, 'courses-answer');
    writeFileSync(`${answer}.json`, await raw(`${base}/courses/`, tokens[0]!, 'identity'));
    writeFileSync(`${answer}.json.gz`, await raw(`${base}/courses/`, tokens[0]!, 'gzip'));
    const barePort = await freePort();
    const bare = fork('bench/bare-server.ts', [dbPath, String(barePort), answer], {
      // Profiled, it exits on SIGTERM as the site does, so that node writes the profile.
      execArgv: [
        '--import',
        'tsx',
        ...(profiling ? ['--cpu-prof', `--cpu-prof-dir=${bareProfDir}`, '--import', exitOnSigterm] : []),
      ],
      stdio: 'ignore',
    });
    children.push(bare);
    await new Promise<void>((done) => bare.once('message', () => done()));
    line('bare node:http', await measureCpu(`http://127.0.0.1:${barePort}/courses/`, bare.pid!));
    // Stopped now, so that its profile ends with its measured load, as the site's will.
    await new Promise((done) => bare.once('exit', done).kill('SIGTERM'));
  }
  line('site GET /courses/', await measureCpu(`${base}/courses/`, server.pid!));
} finally {
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((done) => child.once('exit', done).kill('SIGTERM')) : undefined,
    ),
  );
}

if (profiling) {
  for (const [name, where] of [
    ['the site', profDir],
    ['the bare server', bareProfDir],
  ] as const) {
    if (!existsSync(where)) continue;
    // The main thread's (the site's worker threads write theirs too): CPU.<date>.<time>.<pid>.0.<n>.cpuprofile
    const file = readdirSync(where).find((entry) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(entry));
    if (!file) throw new Error(`no profile written in ${where}`);
    console.log(`\nProfile of ${name}, ${join(where, file)}, its last ${duration} s (the measured load):`);
    const profile = JSON.parse(readFileSync(join(where, file), 'utf8')) as Parameters<typeof summarise>[0];
    for (const text of summaryLines(summarise(profile, 15, duration))) console.log(text);
  }
}

function raw(url: string, token: string, encoding: 'gzip' | 'identity'): Promise<Buffer> {
  return new Promise((done, fail) => {
    httpGet(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(Buffer.concat(chunks)));
    }).on('error', fail);
  });
}

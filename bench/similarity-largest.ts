/**
 * The similarity check at its limits, on the built server as it runs: 50 students each hand in a submission as
 * large as the check takes (2,000 lines), with much code in common, and the teacher runs the check; then the attack
 * that once took the site down, four students handing in maximum-size files of the same statements repeated.
 * Meanwhile a probe asks for the landing page (GET /) every 20 ms: its slowest answer is what a visitor waited while
 * the check ran (the check runs in a child process of its own; what must not stall is everything else). The server
 * process's resident memory and the similarity child's peak (its VmHWM) are read from /proc. Then the ranked list and
 * one pair are viewed. bench/run.ts prints it; run alone with `npx tsx bench/similarity-largest.ts` after
 * `npm run build`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashPassword } from '../src/api/auth/password-hash.js';
import { openDatabase } from '../src/api/db/database.js';
import { migrateToLatest } from '../src/api/db/migrate.js';
import { SIMILARITY_RSS_MB } from '../src/api/similarity/similarity-runner.js';
import { repetitiveProgram } from '../test/similarity-samples.js';
import { cpuTimes, machineNoise } from './machine.js';
import { startSite } from './site-server.js';
import { largestProgram } from './similarity.js';

const STUDENTS = 50;
const PROGRAM = 77;
/** The attack: the first four students hand in maximum-size files of repeated lines. */
const ATTACK_PROGRAM = 78;
const ATTACKERS = 4;
const BATCH = 5;
/** A visitor should not notice that a check is running. */
export const LARGEST_LATENCY_TARGET_MS = 100;
/** The similarity child within its resident cap, with room to spare: a batch twice as large would still fit. */
export const LARGEST_CHILD_TARGET_MB = SIMILARITY_RSS_MB / 2;

export interface CheckFigures {
  checkMs: number;
  probes: number;
  /** The slowest GET / while the check ran. */
  latencyMaxMs: number;
  serverRssMaxMb: number;
  /** The similarity child's peak resident memory. */
  childPeakMb: number;
  status: string;
  pairs: number;
  topSimilarity: number;
}

export interface LargestFigures {
  files: number;
  lines: number;
  chars: number;
  /** The slowest GET / with no check running, probed the same way: the machine's own noise. */
  idleLatencyMaxMs: number;
  idleProbes: number;
  /** Steal, idle and load average over the checks (machine.ts). */
  machine: string;
  largest: CheckFigures;
  attack: CheckFigures;
  listMs: number;
  pairMs: number;
  fragmentsInTopPair: number;
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** A /proc/<pid>/status field in MB (VmRSS: resident now; VmHWM: the peak so far), 0 once the process is gone. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The server's similarity child, if one is running (the compile processes are its children too). */
function similarityChild(serverPid: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8').trim().split(/\s+/);
    return children
      .map(Number)
      .find((pid) => pid > 0 && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('similarity-child'));
  } catch {
    return undefined;
  }
}

async function seed(databaseUrl: string): Promise<{ lines: number; chars: number }> {
  const handle = openDatabase(databaseUrl);
  const next = random(2027);
  let lines = 0;
  let chars = 0;
  try {
    await migrateToLatest(handle.db);
    // The site seeds only an empty database: the teacher's account is made here.
    await handle.db
      .insertInto('students')
      .values({
        email: 'teacher@example.com',
        password_hash: await hashPassword('Teacher#2026x'),
        role: 'admin',
        first_name: 'Course',
        last_name: 'Admin',
        uniq_id: 'CP-TEACHER1',
        activated: 1,
      })
      .execute();
    await handle.db.insertInto('programs').values({ program_number: PROGRAM, task: 'Many helpers' }).execute();
    await handle.db.insertInto('programs').values({ program_number: ATTACK_PROGRAM, task: 'Repeated' }).execute();
    for (let i = 0; i < STUDENTS; i += 1) {
      const { id } = await handle.db
        .insertInto('students')
        .values({
          email: `largest${i}@example.com`,
          password_hash: 'x',
          first_name: `Student${i}`,
          last_name: 'Largest',
          uniq_id: `CP-LARGE${String(i).padStart(3, '0')}`,
          activated: 1,
          student_status: 1,
          student_batch: BATCH,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sp = await handle.db
        .insertInto('student_programs')
        .values({ student_id: id, program_number: PROGRAM, task: 'Many helpers' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const code = largestProgram(next, i);
      lines += code.split('\n').length;
      chars += code.length;
      await handle.db
        .insertInto('submissions')
        .values({ student_program_id: sp.id, code, status: 'graded', score: 1, total: 1, result: '{}' })
        .execute();
      if (i < ATTACKERS) {
        const attack = await handle.db
          .insertInto('student_programs')
          .values({ student_id: id, program_number: ATTACK_PROGRAM, task: 'Repeated' })
          .returning('id')
          .executeTakeFirstOrThrow();
        // The first two the same file, the others shifted by a line or two.
        await handle.db
          .insertInto('submissions')
          .values({
            student_program_id: attack.id,
            code: repetitiveProgram(Math.max(0, i - 1)),
            status: 'graded',
            score: 1,
            total: 1,
            result: '{}',
          })
          .execute();
      }
    }
  } finally {
    await handle.destroy();
  }
  return { lines, chars };
}

interface Probed {
  probes: number;
  latencyMaxMs: number;
  serverRssMaxMb: number;
  childPeakMb: number;
}

/**
 * Asks for GET / every 20 ms while `during` runs, and samples the server's resident memory and the similarity
 * child's peak: what a visitor waited, and what the check held.
 */
async function probeLanding<T>(base: string, pid: number, during: () => Promise<T>): Promise<Probed & { value: T }> {
  const figures: Probed = { probes: 0, latencyMaxMs: 0, serverRssMaxMb: statusMb(pid, 'VmRSS'), childPeakMb: 0 };
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const sent = performance.now();
      await (await fetch(`${base}/`)).arrayBuffer();
      figures.latencyMaxMs = Math.max(figures.latencyMaxMs, performance.now() - sent);
      figures.serverRssMaxMb = Math.max(figures.serverRssMaxMb, statusMb(pid, 'VmRSS'));
      const child = similarityChild(pid);
      if (child) figures.childPeakMb = Math.max(figures.childPeakMb, statusMb(child, 'VmHWM'));
      figures.probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let value: T;
  try {
    value = await during();
  } finally {
    probing = false;
    await probe;
  }
  return { ...figures, value };
}

/** Runs one check to its end while probing GET / (probeLanding). */
async function runCheck(
  base: string,
  pid: number,
  admin: Record<string, string>,
  program: number,
): Promise<CheckFigures> {
  const path = `${base}/api/v1/admin/similarity/${program}/${BATCH}`;
  const started = performance.now();
  const probed = await probeLanding(base, pid, async () => {
    const start = await fetch(path, { method: 'POST', headers: admin });
    if (start.status !== 202) throw new Error(`the check answered ${start.status}: ${await start.text()}`);
    let run = { status: 'running', error: '', pairs: [] as { similarity: number }[] };
    while (run.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 500));
      run = ((await (await fetch(path, { headers: admin })).json()) as { run: typeof run }).run;
    }
    return run;
  });
  const checkMs = performance.now() - started;
  const run = probed.value;
  if (run.status === 'failed') throw new Error(`the check of program ${program} failed: ${run.error}`);
  return {
    checkMs,
    probes: probed.probes,
    latencyMaxMs: probed.latencyMaxMs,
    serverRssMaxMb: probed.serverRssMaxMb,
    childPeakMb: probed.childPeakMb,
    status: run.status,
    pairs: run.pairs.length,
    topSimilarity: run.pairs[0]?.similarity ?? 0,
  };
}

export async function benchLargestSimilarity(): Promise<LargestFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'similarity-largest-'));
  const databaseUrl = `sqlite:${join(dir, 'app.db')}`;
  const sizes = await seed(databaseUrl);
  const site = await startSite({
    databaseUrl,
    env: { GRADER_WORKERS: '1' },
  });
  const pid = site.server.pid!;
  try {
    const login = await fetch(`${site.base}/students/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'teacher@example.com', password: 'Teacher#2026x' }),
    });
    const token = ((await login.json()) as { meta: { token: string } }).meta.token;
    const admin = { authorization: `Bearer ${token}` };

    const idle = await probeLanding(site.base, pid, () => new Promise((resolve) => setTimeout(resolve, 3_000)));
    const before = cpuTimes();
    const largest = await runCheck(site.base, pid, admin, PROGRAM);
    const attack = await runCheck(site.base, pid, admin, ATTACK_PROGRAM);
    const machine = machineNoise(before, cpuTimes());
    const path = `${site.base}/api/v1/admin/similarity/${PROGRAM}/${BATCH}`;
    const listed = performance.now();
    await (await fetch(path, { headers: admin })).arrayBuffer();
    const listMs = performance.now() - listed;
    const viewed = performance.now();
    const pair = (await (await fetch(`${path}/pairs/1`, { headers: admin })).json()) as { fragments: unknown[] };
    const pairMs = performance.now() - viewed;
    return {
      files: STUDENTS,
      ...sizes,
      idleLatencyMaxMs: idle.latencyMaxMs,
      idleProbes: idle.probes,
      machine,
      largest,
      attack,
      listMs,
      pairMs,
      fragmentsInTopPair: pair.fragments.length,
    };
  } finally {
    site.server.kill('SIGTERM');
    await new Promise((resolve) => site.server.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

export function largestLines(f: LargestFigures): { lines: string[]; latencyMet: boolean; childMet: boolean } {
  const during = (c: CheckFigures) =>
    `meanwhile GET / took at most ${c.latencyMaxMs.toFixed(1)} ms (the slowest of ${c.probes}, one every 20 ms); ` +
    `the similarity child peaked at ${c.childPeakMb.toFixed(0)} MB resident (its cap ${SIMILARITY_RSS_MB} MB), the ` +
    `server process at ${c.serverRssMaxMb.toFixed(0)} MB`;
  return {
    lines: [
      `${f.files} submissions of ${Math.round(f.lines / f.files)} lines (${Math.round(f.chars / f.files / 1000)} KB) ` +
        `each: checked in ${(f.largest.checkMs / 1000).toFixed(1)} s; ${f.largest.pairs} pairs kept, ` +
        `${f.fragmentsInTopPair} fragments in the top one`,
      during(f.largest),
      `then the ranked list in ${f.listMs.toFixed(1)} ms and one pair side by side in ${f.pairMs.toFixed(1)} ms`,
      `the attack, ${ATTACKERS} maximum-size files of the same statements repeated: checked in ` +
        `${(f.attack.checkMs / 1000).toFixed(1)} s, ${f.attack.pairs} pairs, the top at ` +
        `${Math.round(f.attack.topSimilarity * 100)}%`,
      during(f.attack),
      `with no check running GET / took at most ${f.idleLatencyMaxMs.toFixed(1)} ms (the slowest of ${f.idleProbes}); ` +
        `during the checks, ${f.machine}`,
    ],
    latencyMet: Math.max(f.largest.latencyMaxMs, f.attack.latencyMaxMs) < LARGEST_LATENCY_TARGET_MS,
    childMet: Math.max(f.largest.childPeakMb, f.attack.childPeakMb) < LARGEST_CHILD_TARGET_MB,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchLargestSimilarity();
  for (const line of largestLines(figures).lines) console.log(line);
}

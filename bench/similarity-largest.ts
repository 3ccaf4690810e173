/**
 * The similarity check at its limits, on the built server as it runs: 50 students each hand in a submission as
 * large as the check takes (2,000 lines), with much code in common, and the teacher runs the check. Meanwhile a probe
 * asks the server's /healthz every 20 ms: an answer's wait is how long the server's event loop was held (the check
 * itself runs in a worker thread; what must not stall is everything else). The server process's resident memory,
 * worker included, is sampled from /proc. Then the ranked list and one pair are viewed.
 * bench/run.ts prints it; run alone with `npx tsx bench/similarity-largest.ts` after `npm run build`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashPassword } from '../src/api/auth/password-hash.js';
import { openDatabase } from '../src/api/db/database.js';
import { migrateToLatest } from '../src/api/db/migrate.js';
import { startSite } from './site-server.js';
import { largestProgram } from './similarity.js';

const STUDENTS = 50;
const PROGRAM = 77;
const BATCH = 5;
export const LARGEST_STALL_TARGET_MS = 50;
export const LARGEST_MEMORY_TARGET_MB = 1024;

export interface LargestFigures {
  files: number;
  lines: number;
  chars: number;
  checkMs: number;
  probes: number;
  stallMaxMs: number;
  rssMaxMb: number;
  listMs: number;
  pairMs: number;
  pairs: number;
  fragmentsInTopPair: number;
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

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
    }
  } finally {
    await handle.destroy();
  }
  return { lines, chars };
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
    const path = `${site.base}/api/v1/admin/similarity/${PROGRAM}/${BATCH}`;

    let stallMaxMs = 0;
    let probes = 0;
    let rssMaxMb = rssMb(pid);
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const sent = performance.now();
        await (await fetch(`${site.base}/healthz`)).arrayBuffer();
        stallMaxMs = Math.max(stallMaxMs, performance.now() - sent);
        rssMaxMb = Math.max(rssMaxMb, rssMb(pid));
        probes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const started = performance.now();
    const start = await fetch(path, { method: 'POST', headers: admin });
    if (start.status !== 202) throw new Error(`the check answered ${start.status}: ${await start.text()}`);
    let status = 'running';
    while (status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const state = (await (await fetch(path, { headers: admin })).json()) as {
        run: { status: string; error: string };
      };
      status = state.run.status;
      if (status === 'failed') throw new Error(`the check failed: ${state.run.error}`);
    }
    const checkMs = performance.now() - started;
    const listed = performance.now();
    const list = (await (await fetch(path, { headers: admin })).json()) as { run: { pairs: unknown[] } };
    const listMs = performance.now() - listed;
    const viewed = performance.now();
    const pair = (await (await fetch(`${path}/pairs/1`, { headers: admin })).json()) as { fragments: unknown[] };
    const pairMs = performance.now() - viewed;
    probing = false;
    await probe;
    return {
      files: STUDENTS,
      ...sizes,
      checkMs,
      probes,
      stallMaxMs,
      rssMaxMb,
      listMs,
      pairMs,
      pairs: list.run.pairs.length,
      fragmentsInTopPair: pair.fragments.length,
    };
  } finally {
    site.server.kill('SIGTERM');
    await new Promise((resolve) => site.server.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

export function largestLines(f: LargestFigures): { lines: string[]; stallMet: boolean; memoryMet: boolean } {
  return {
    lines: [
      `${f.files} submissions of ${Math.round(f.lines / f.files)} lines (${Math.round(f.chars / f.files / 1000)} KB) ` +
        `each: checked in ${(f.checkMs / 1000).toFixed(1)} s; ${f.pairs} pairs kept, ${f.fragmentsInTopPair} ` +
        `fragments in the top one`,
      `meanwhile the server's event loop held at most ${f.stallMaxMs.toFixed(1)} ms (the longest of ${f.probes} ` +
        `/healthz answers every 20 ms) and the server process (worker included) at most ${f.rssMaxMb.toFixed(0)} MB`,
      `then the ranked list in ${f.listMs.toFixed(1)} ms and one pair side by side in ${f.pairMs.toFixed(1)} ms`,
    ],
    stallMet: f.stallMaxMs < LARGEST_STALL_TARGET_MS,
    memoryMet: f.rssMaxMb < LARGEST_MEMORY_TARGET_MB,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchLargestSimilarity();
  for (const line of largestLines(figures).lines) console.log(line);
}

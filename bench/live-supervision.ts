/**
 * Live supervision by push against today's polling: 100 students typing (each saves a draft every 2 s, as the
 * editor's autosave does) and one teacher watching the supervision panel of their program and batch. (a) By push:
 * the teacher's stream (GET /api/v1/admin/supervision/stream), refetching the list on each event, as the panel does;
 * (b) by polling: the list every 3 s. For each: how long from a save's answer until the teacher's list shows that
 * draft, the server process's CPU time (from /proc) and the requests per second it served.
 * `npx tsx bench/live-supervision.ts [--pg] [--seconds=N]` runs it on its own against the built server (npm run build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startPgCluster } from '../test/pg-cluster.js';
import { eventData, onEventBlocks } from '../test/sse-blocks.js';
import { createSession } from '../src/api/auth/sessions.repository.js';
import { openDatabase } from '../src/api/db/database.js';
import { processCpuUs } from './process-cpu.js';
import { startSite } from './site-server.js';

export const LIVE_TARGET_MS = 1000;
const SAVE_EVERY_MS = 2000;
const POLL_MS = 3000;

interface Watcher {
  spId: number;
  token: string;
}

export interface LiveModeResult {
  mode: 'push' | 'polling';
  latencies: number[];
  p50: number;
  p95: number;
  max: number;
  cpuMs: number;
  seconds: number;
  requestsPerS: number;
  listFetches: number;
  saves: number;
}

const cpuMs = (pid: number) => processCpuUs(pid) / 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * 100 students of a fresh batch with a fresh program, each signed in (a session made in the database: 100 logins
 * would only measure password hashing). Returns each student's program row and token.
 */
export async function liveClass(
  databaseUrl: string,
  count = 100,
): Promise<{ programNumber: number; batch: number; students: Watcher[] }> {
  const handle = openDatabase(databaseUrl);
  try {
    const programNumber = 90_000 + Math.floor(Math.random() * 9_000);
    const batch = 90_000 + Math.floor(Math.random() * 9_000);
    await handle.db
      .insertInto('programs')
      .values({ program_number: programNumber, task: 'Sum two numbers.' })
      .execute();
    const rows = await handle.db
      .selectFrom('students')
      .select('id')
      .where('role', '=', 'student')
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
    const students: Watcher[] = [];
    for (const { id } of rows) {
      await handle.db
        .updateTable('students')
        .set({ student_batch: batch, student_status: 1 })
        .where('id', '=', id)
        .execute();
      const sp = await handle.db
        .insertInto('student_programs')
        .values({ student_id: id, program_number: programNumber, task: 'Sum two numbers.', solution: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      students.push({ spId: sp.id, token: await createSession(handle.db, id) });
    }
    return { programNumber, batch, students };
  } finally {
    await handle.destroy();
  }
}

/** The teacher's stream: calls `onChanges` for each event; resolves once it is open. */
function openTeacherStream(url: URL, admin: string, onChanges: () => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { authorization: admin } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`the stream answered ${res.statusCode}`));
      onEventBlocks(res, (block) => {
        if (block === ': open') resolve(() => req.destroy());
        else if (eventData(block, 'changes')) onChanges();
      });
      res.on('error', () => undefined);
    });
    req.on('error', (error) => reject(error));
    req.end();
  });
}

async function runMode(
  mode: 'push' | 'polling',
  options: { base: string; pid: number; admin: string; programNumber: number; batch: number; students: Watcher[] },
  seconds: number,
): Promise<LiveModeResult> {
  const { base, pid, admin, programNumber, batch, students } = options;
  const query = `program_number=${programNumber}&student_batch=${batch}`;
  /** Each student program's saves not yet seen by the teacher: the save's saved_at and when its answer arrived. */
  const pending = new Map<number, { savedAt: string; answeredAt: number }[]>();
  const latencies: number[] = [];
  let listFetches = 0;
  let saves = 0;
  let stop = false;

  // The teacher's list: each arrival settles the saves it shows.
  let fetching = false;
  let again = false;
  const fetchList = async (): Promise<void> => {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      do {
        again = false;
        const response = await fetch(`${base}/api/v1/admin/supervision?${query}`, {
          headers: { authorization: admin },
        });
        const rows = (await response.json()) as { student_program_id: number; draft_saved_at: string | null }[];
        listFetches += 1;
        const now = Date.now();
        for (const row of rows) {
          const waiting = pending.get(row.student_program_id);
          if (!waiting || !row.draft_saved_at) continue;
          while (waiting.length > 0 && waiting[0]!.savedAt <= row.draft_saved_at)
            latencies.push(Math.max(0, now - waiting.shift()!.answeredAt));
        }
      } while (again && !stop);
    } finally {
      fetching = false;
    }
  };

  const typist = async (student: Watcher, offset: number) => {
    await sleep(offset);
    let n = 0;
    while (!stop) {
      const started = Date.now();
      const response = await fetch(`${base}/api/v1/student_programs/${student.spId}/draft`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${student.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code: `int main(void) {\n  // keystroke ${(n += 1)}\n  return 0;\n}\n` }),
      });
      const answeredAt = Date.now();
      if (response.ok) {
        const { saved_at } = (await response.json()) as { saved_at: string };
        saves += 1;
        const list = pending.get(student.spId) ?? [];
        list.push({ savedAt: saved_at, answeredAt });
        pending.set(student.spId, list);
      }
      await sleep(Math.max(0, SAVE_EVERY_MS - (Date.now() - started)));
    }
  };

  await fetchList();
  let closeStream: (() => void) | undefined;
  let poller: NodeJS.Timeout | undefined;
  if (mode === 'push')
    closeStream = await openTeacherStream(
      new URL(`/api/v1/admin/supervision/stream?${query}`, base),
      admin,
      () => void fetchList(),
    );
  else poller = setInterval(() => void fetchList(), POLL_MS);

  const cpuBefore = cpuMs(pid);
  const startedAt = Date.now();
  const typing = students.map((s, i) => typist(s, (i * SAVE_EVERY_MS) / students.length));
  await sleep(seconds * 1000);
  stop = true;
  await Promise.all(typing);
  const elapsed = (Date.now() - startedAt) / 1000;
  const cpu = cpuMs(pid) - cpuBefore;
  // The last saves are seen by one more look (not counted in the CPU or the rate).
  closeStream?.();
  clearInterval(poller);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    mode,
    latencies: sorted,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted.at(-1) ?? NaN,
    cpuMs: cpu,
    seconds: elapsed,
    requestsPerS: (saves + listFetches) / elapsed,
    listFetches,
    saves,
  };
}

export async function benchLiveSupervision(options: {
  base: string;
  pid: number;
  admin: string;
  databaseUrl: string;
  seconds?: number;
}): Promise<{ results: LiveModeResult[]; lines: string[]; met: boolean }> {
  const { base, pid, admin, databaseUrl, seconds = 20 } = options;
  const lines: string[] = [];
  const results: LiveModeResult[] = [];
  for (const mode of ['push', 'polling'] as const) {
    // A fresh class for each, so one mode's leftovers don't reach the other's teacher.
    const live = await liveClass(databaseUrl);
    const result = await runMode(mode, { base, pid, admin, ...live }, seconds);
    results.push(result);
    lines.push(
      `${mode.padEnd(7)} draft → teacher p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, max ${result.max.toFixed(0)} ms (${result.latencies.length} of ${result.saves} saves seen); server CPU ${result.cpuMs.toFixed(0)} ms over ${result.seconds.toFixed(1)} s (${((result.cpuMs / 10 / result.seconds) | 0).toString()} % of a core); ${result.requestsPerS.toFixed(0)} req/s served, ${result.listFetches} list fetches`,
    );
    await sleep(1000);
  }
  const push = results[0]!;
  const met = push.p95 < LIVE_TARGET_MS;
  lines.push(
    `${met ? 'met    ' : 'NOT MET'}  draft reaches the teacher in under 1 s (p95): ${push.p95.toFixed(0)} ms by push (polling: ${results[1]!.p95.toFixed(0)} ms)`,
  );
  return { results, lines, met };
}

/** On its own: the built server on a throwaway database (SQLite, or PostgreSQL with --pg) with 100 students. */
async function main(): Promise<void> {
  const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 20);
  const pg = process.argv.includes('--pg') ? await startPgCluster() : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'course-live-'));
  const databaseUrl = pg ? pg.url('postgres') : `sqlite:${join(dataDir, 'app.db')}`;
  const admin = { email: 'teacher@example.com', password: 'Teacher#2026' };
  const { base, server } = await startSite({
    databaseUrl,
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  });
  try {
    // The typists, added once the server has seeded its admin (it seeds only an empty database).
    {
      const handle = openDatabase(databaseUrl);
      await handle.db
        .insertInto('students')
        .values(
          Array.from({ length: 100 }, (_, i) => ({
            email: `live${i}@example.com`,
            // Never logged in with: each typist gets a session made in the database.
            password_hash: 'x',
            first_name: `Typist${i}`,
            last_name: 'Bench',
            activated: 1,
            uniq_id: `live-${i}`,
          })),
        )
        .execute();
      await handle.destroy();
    }
    // Clang loads into the compile process after start: let that pass.
    await sleep(6000);
    const login = await fetch(`${base}/students/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const token = ((await login.json()) as { meta: { token: string } }).meta.token;
    console.log(
      `Live supervision on ${pg ? 'PostgreSQL' : 'SQLite'}: 100 students save a draft every 2 s, one teacher watches`,
    );
    const { lines, met } = await benchLiveSupervision({
      base,
      pid: server.pid!,
      admin: `Bearer ${token}`,
      databaseUrl,
      seconds,
    });
    for (const line of lines) console.log(`  ${line}`);
    process.exitCode = met ? 0 : 1;
  } finally {
    await new Promise((resolve) =>
      server.exitCode === null ? server.once('exit', resolve).kill('SIGTERM') : resolve(undefined),
    );
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();

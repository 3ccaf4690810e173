/**
 * The cost of open notification streams (GET /api/v1/notifications/stream, server-sent events): against a running
 * site, opens one stream per student token, then reads the server process's resident memory and CPU time (from
 * /proc) before and after opening them (the 10 s after included: collecting what opening left counts as opening),
 * over an idle stretch of one heartbeat period with all of them open, set against the server's CPU per second in the
 * 10 s before with none open (its periodic jobs run either way), and how long a notice takes to reach its student's
 * open stream (the teacher sends a program, the stream's next `unread` event arrives).
 * What an idle open stream costs is what matters: a socket, a listener in the hub, a heartbeat every 25 s, and its
 * share of the one unread-count query per second the process makes while any stream is open.
 */
import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { createSession } from '../src/api/auth/sessions.repository.js';
import { openDatabase } from '../src/api/db/database.js';
import { eventData, onEventBlocks } from '../test/sse-blocks.js';
import { processCpuUs } from './process-cpu.js';

export interface StreamBenchOptions {
  base: string;
  /** The server's process id, whose /proc figures are read. */
  pid: number;
  /** One signed-in student per stream (a person may hold at most five). */
  students: { id: number; token: string }[];
  /** The teacher's bearer header, to make a notice for a student while the streams are open. */
  admin: { authorization: string };
  /** The idle stretch measured: at least one heartbeat period (25 s), so each stream's heartbeat is in it. */
  idleSeconds?: number;
}

export interface StreamBenchResult {
  streams: number;
  openMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  perStreamKb: number;
  idleCpuMs: number;
  /** The same idle stretch just before, with no stream open: what the server spends anyway (its periodic jobs). */
  baselineCpuMs: number;
  idleSeconds: number;
  /** CPU time the open streams added per stream per second while idle, in microseconds. */
  idleCpuPerStreamUsPerS: number;
  openCpuMs: number;
  arrivalMs: number[];
  lines: string[];
}

const BASELINE_SECONDS = 10;
const SETTLE_SECONDS = 10;

function procFigures(pid: number): { rssKb: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rssKb, cpuMs: processCpuUs(pid) / 1000 };
}

interface OpenStream {
  counts: number[];
  req: ClientRequest;
  waiters: (() => void)[];
}

/**
 * `address` stands for the student's own (X-Forwarded-For, believed from 127.0.0.1 as from the site's proxy): one
 * address may hold only so many streams, and 500 students are not all behind one.
 */
function openStream(base: string, token: string, agent: Agent, address: string): Promise<OpenStream> {
  const url = new URL('/api/v1/notifications/stream', base);
  return new Promise((resolve, reject) => {
    const stream: OpenStream = { counts: [], req: undefined as unknown as ClientRequest, waiters: [] };
    const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': address };
    const req = httpRequest(url, { agent, headers }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      onEventBlocks(res, (block) => {
        const data = eventData<{ unread: number }>(block, 'unread');
        if (!data) return;
        stream.counts.push(data.unread);
        if (stream.counts.length === 1) resolve(stream);
        for (const wake of stream.waiters.splice(0)) wake();
      });
      res.on('error', () => undefined);
    });
    stream.req = req;
    req.on('error', reject);
    req.end();
  });
}

async function nextEvent(stream: OpenStream, after: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (stream.counts.length <= after) {
    if (Date.now() > deadline) throw new Error('no notice arrived');
    await new Promise<void>((resolve) => {
      stream.waiters.push(resolve);
      setTimeout(resolve, 50);
    });
  }
}

/** Signs in `count` seeded students straight in the database (500 logins would only measure password hashing). */
export async function streamStudents(databaseUrl: string, count: number): Promise<{ id: number; token: string }[]> {
  const handle = openDatabase(databaseUrl);
  try {
    const rows = await handle.db
      .selectFrom('students')
      .select('id')
      .where('role', '=', 'student')
      .orderBy('id')
      .limit(count)
      .execute();
    const students = [];
    for (const { id } of rows) students.push({ id, token: await createSession(handle.db, id) });
    return students;
  } finally {
    await handle.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchNotificationStreams(options: StreamBenchOptions): Promise<StreamBenchResult> {
  const { base, pid, students, admin, idleSeconds = 25 } = options;
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  await sleep(1000);
  const quiet = procFigures(pid);
  await sleep(BASELINE_SECONDS * 1000);
  const before = procFigures(pid);
  const baselineCpuMs = before.cpuMs - quiet.cpuMs;
  const started = Date.now();
  const streams: OpenStream[] = [];
  // In groups, as pages open over a moment rather than in one instant.
  for (let i = 0; i < students.length; i += 50)
    streams.push(
      ...(await Promise.all(
        students.slice(i, i + 50).map((s, j) => openStream(base, s.token, agent, `10.1.${Math.floor((i + j) / 10)}.1`)),
      )),
    );
  const openMs = Date.now() - started;
  const opened = procFigures(pid);
  // What opening left to do (the collection of its garbage) counts as opening, not as being open.
  await sleep(SETTLE_SECONDS * 1000);
  const settled = procFigures(pid);
  await sleep(idleSeconds * 1000);
  const idle = procFigures(pid);

  // A notice made for a student with a stream open: the time until their stream says so.
  const arrivalMs: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const index = (i * 97) % streams.length;
    const stream = streams[index]!;
    const seen = stream.counts.length;
    const sentAt = performance.now();
    const response = await fetch(new URL('/student_programs', base), {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        student_id: students[index]!.id,
        program_number: 90_000 + Math.floor(Math.random() * 10_000),
        task: 'Bench notice',
        solution: '',
      }),
    });
    if (response.status !== 201) throw new Error(`sending a program answered ${response.status}`);
    await nextEvent(stream, seen);
    arrivalMs.push(performance.now() - sentAt);
  }

  for (const stream of streams) stream.req.destroy();
  agent.destroy();
  const rssBeforeMb = before.rssKb / 1024;
  const rssAfterMb = opened.rssKb / 1024;
  const perStreamKb = (opened.rssKb - before.rssKb) / streams.length;
  const idleCpuMs = idle.cpuMs - settled.cpuMs;
  const baselinePerS = baselineCpuMs / BASELINE_SECONDS;
  const idleCpuPerStreamUsPerS = ((idleCpuMs / idleSeconds - baselinePerS) * 1000) / streams.length;
  const openCpuMs = settled.cpuMs - before.cpuMs;
  const sorted = [...arrivalMs].sort((a, b) => a - b);
  const lines = [
    `${streams.length} streams opened in ${openMs} ms (server CPU ${openCpuMs.toFixed(0)} ms with the ${SETTLE_SECONDS} s after, ` +
      `${((openCpuMs * 1000) / streams.length).toFixed(0)} µs a stream)`,
    `server memory (RSS) ${rssBeforeMb.toFixed(1)} MB -> ${rssAfterMb.toFixed(1)} MB: ` +
      `${perStreamKb.toFixed(1)} KB a stream`,
    `idle ${idleSeconds} s with every stream open: server CPU ${idleCpuMs.toFixed(0)} ms ` +
      `(${((idleCpuMs / (idleSeconds * 1000)) * 100).toFixed(2)} % of a core), against ${baselineCpuMs.toFixed(0)} ms ` +
      `in the ${BASELINE_SECONDS} s before with none open: ${idleCpuPerStreamUsPerS.toFixed(1)} µs a stream a second`,
    `a notice reaches its open stream in ${sorted.map((ms) => ms.toFixed(0)).join(', ')} ms ` +
      `(the teacher's request included)`,
  ];
  return {
    streams: streams.length,
    openMs,
    rssBeforeMb,
    rssAfterMb,
    perStreamKb,
    idleCpuMs,
    baselineCpuMs,
    idleSeconds,
    idleCpuPerStreamUsPerS,
    openCpuMs,
    arrivalMs,
    lines,
  };
}

/**
 * "Grading under attack" (issue 16, item 2.2): three students loop compiler bombs through Run — a 796-byte macro
 * that doubles 40 times, and a 60 MB initialised array — while a fourth runs hello world now and then. Measures
 * each hello-world Run (request to answer) and the site's resident memory: the server process plus every process
 * it started (the compile processes), VmRSS from /proc added up, sampled every 200 ms during the attack.
 * Targets: every hello-world Run under 10 s, peak total resident memory under 1.5 GB.
 *
 * Part of `npm run bench` (against its server). On its own, against a fresh server on a throwaway SQLite database
 * (after `npm run build`): `npx tsx bench/grader-attack.ts [--runs=N]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { THROWAWAY_ADMIN, withThrowawaySite } from './site-server.js';
import { adminLogin, type BenchSession, poster, studentsWithProgram } from './students.js';

// 796 bytes: A39 stands for 2^39 tokens.
export const MACRO_BOMB = [
  '#define A0 x',
  ...Array.from({ length: 39 }, (_, i) => `#define A${i + 1} A${i} A${i}`),
  'int main(void) { A39; return 0; }',
  '',
].join('\n');
export const BIG_ARRAY = 'char a[60000000] = {1};\nint main(void) { return a[0]; }\n';
const HELLO = '#include <stdio.h>\n\nint main(void) {\n  printf("hello, world\\n");\n  return 0;\n}\n';

export const ATTACK_TARGETS = { helloMaxMs: 10_000, totalRssBytes: 1.5 * 1024 ** 3 };

export interface AttackResult {
  helloMs: number[];
  /** A Run sent at the very start, before any bomb had finished (not a target: see the line printed). */
  firstHelloMs: number;
  peakRssBytes: number;
  peakServerRssBytes: number;
  bombs: Record<string, number>;
  processesSeen: number;
  met: { hello: boolean; memory: boolean };
  lines: string[];
}

/** Resident memory of a process and all its descendants, in bytes, from /proc. */
export function treeRss(rootPid: number): { total: number; root: number; pids: number[] } {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i += 1) for (const [pid, parent] of parents) if (parent === pids[i]) pids.push(pid);
  let total = 0;
  let root = 0;
  for (const pid of pids) {
    try {
      const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      total += kb * 1024;
      if (pid === rootPid) root = kb * 1024;
    } catch {
      // gone meanwhile
    }
  }
  return { total, root, pids };
}

export async function benchGraderAttack(
  base: string,
  admin: { email: string; password: string },
  serverPid: number,
  options: { helloRuns?: number } = {},
): Promise<AttackResult> {
  const helloRuns = options.helloRuns ?? 6;
  const post = poster(base);
  const adminToken = await adminLogin(base, admin);
  const students = await studentsWithProgram(base, adminToken, 4, { label: 'attack', task: 'Anything.' });
  const [victim, ...attackers] = students as [BenchSession, ...BenchSession[]];
  const run = async (session: BenchSession, code: string) => {
    const started = performance.now();
    const response = await post(
      `/api/v1/student_programs/${session.studentProgramId}/run`,
      { code, stdin: '' },
      session.token,
    );
    const body = (await response.json()) as {
      compile?: { ok: boolean; diagnostics: { message: string }[] };
      run?: { stdout: string } | null;
    };
    return { status: response.status, body, ms: performance.now() - started };
  };

  let peakRss = 0;
  let peakServerRss = 0;
  const seen = new Set<number>();
  const sample = () => {
    const { total, root, pids } = treeRss(serverPid);
    peakRss = Math.max(peakRss, total);
    peakServerRss = Math.max(peakServerRss, root);
    for (const pid of pids) if (pid !== serverPid) seen.add(pid);
  };
  sample();
  const sampler = setInterval(sample, 200);
  const loadBefore = loadavg()[0]!;

  let stop = false;
  const bombs: Record<string, number> = {};
  const answered = new Set<number>();
  const loops = attackers.map(async (session, i) => {
    for (let round = 0; !stop; round += 1) {
      const { status, body } = await run(session, (i + round) % 2 === 0 ? MACRO_BOMB : BIG_ARRAY);
      const outcome = status === 200 ? (body.compile?.diagnostics[0]?.message ?? 'compiled') : `HTTP ${status}`;
      bombs[outcome] = (bombs[outcome] ?? 0) + 1;
      answered.add(i);
    }
  });
  let hellos = 0;
  const hello = async () => {
    // Each Run a program of its own (a comment differs), so each is compiled in line behind the bombs: the grader
    // keeps the builds of code it has seen (build-memo.ts), and the same code again would wait for no compile.
    hellos += 1;
    const { status, body, ms } = await run(victim, `${HELLO}/* edit ${hellos} */\n`);
    if (status !== 200 || body.run?.stdout !== 'hello, world\n')
      throw new Error(`hello world failed: ${status} ${JSON.stringify(body).slice(0, 300)}`);
    return ms;
  };

  try {
    // Just after the bombs are sent: the victim is one more newcomer in line, nobody has used anything yet.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const firstHelloMs = await hello();
    // Then the steady attack: every attacker has had at least one bomb answered.
    while (answered.size < attackers.length) await new Promise((resolve) => setTimeout(resolve, 200));
    const helloMs: number[] = [];
    for (let i = 0; i < helloRuns; i += 1) {
      // A student reads the output a moment before running again.
      await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 2000));
      helloMs.push(await hello());
    }
    stop = true;
    await Promise.all(loops);
    clearInterval(sampler);
    sample();

    const maxHello = Math.max(...helloMs);
    const met = { hello: maxHello < ATTACK_TARGETS.helloMaxMs, memory: peakRss < ATTACK_TARGETS.totalRssBytes };
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
    const lines = [
      `hello-world Run while 3 students loop compiler bombs: ${helloMs.map(s).join(', ')} (max ${s(maxHello)})`,
      `  a Run sent as the attack began, before any bomb had finished (all four equal newcomers, served in arrival order): ${s(firstHelloMs)}`,
      `  peak resident memory, server and the processes it started: ${gb(peakRss)} (server alone ${gb(peakServerRss)}); ${seen.size} compile process(es) seen`,
      // Wall time is what a student waits, and on a machine shared with other work a 5 s CPU cap takes longer.
      `  machine load average (1 min) ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end, on ${availableParallelism()} cores`,
      `  bombs answered: ${Object.entries(bombs)
        .map(([message, n]) => `${n} × "${message}"`)
        .join(', ')}`,
      `${met.hello ? 'met    ' : 'NOT MET'}  hello-world Run under ${ATTACK_TARGETS.helloMaxMs / 1000} s while 3 students loop compiler bombs: max ${s(maxHello)}`,
      `${met.memory ? 'met    ' : 'NOT MET'}  resident memory of the site under ${gb(ATTACK_TARGETS.totalRssBytes)} during the attack: peak ${gb(peakRss)}`,
    ];
    return {
      helloMs,
      firstHelloMs,
      peakRssBytes: peakRss,
      peakServerRssBytes: peakServerRss,
      bombs,
      processesSeen: seen.size,
      met,
      lines,
    };
  } finally {
    stop = true;
    clearInterval(sampler);
  }
}

/** On its own: the built server on a throwaway SQLite database, attacked, then stopped. */
async function main(): Promise<void> {
  const helloRuns = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 6);
  const result = await withThrowawaySite('attack', ({ base, server }) => {
    console.log(`Grading under attack (GRADER_WORKERS ${process.env.GRADER_WORKERS ?? 'default'})`);
    return benchGraderAttack(base, THROWAWAY_ADMIN, server.pid!, { helloRuns });
  });
  for (const line of result.lines) console.log(`  ${line}`);
  process.exitCode = result.met.hello && result.met.memory ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();

/**
 * The differential oracle: the site's checks judged by referees nobody here wrote. Mutants of correct programs
 * (mutate.ts) run under gcc's ASan/UBSan and under valgrind (native.ts) and through the site's grader; a bug is
 * what either native tool names, and the site should name it at the same line. Correct programs and csmith's
 * well-defined ones (csmith.ts) must run clean through the site and print what gcc's build prints. Used by
 * `npm run oracle` (scripts/oracle.ts), its test (oracle.test.ts) and `npm run bench`.
 */
import { createGrader, type Grader } from '../../src/api/grader/grader.js';
import { exerciseMessages } from '../../src/contracts/exercises/limits.js';
import { type CompileResult, type RunOutcome } from '../../src/contracts/exercises/results.js';
import { csmithProgram } from './csmith.js';
import { type Mutant, mutantsOf } from './mutate.js';
import { judgeNative, type NativeFinding, runNative } from './native.js';
import { readSeeds, type Seed } from './seeds.js';

/** The sample the test runs (oracle.test.ts) and `npm run oracle -- --write-gaps` writes known-gaps.json from. */
export const TEST_SAMPLE = { seed: 1, limit: 40, csmith: 10, csmithFirstSeed: 1 } as const;

export interface OracleOptions {
  /** Picks the sample of mutants (when `limit` is set). */
  seed: number;
  /** How many mutants, spread over the operators; every mutant when unset. */
  limit?: number;
  /** How many csmith programs to run (programs over the size limit or too slow natively are skipped, counted). */
  csmith: number;
  /** The first csmith seed tried; the next ones follow until `csmith` programs have run. */
  csmithFirstSeed?: number;
  /** Also run the correct seeds under valgrind (they are checked under ASan always). */
  valgrindOnSeeds?: boolean;
  /** Native jobs at once (default 2). */
  nativeJobs?: number;
  /** Progress, one line at a time. */
  progress?: (line: string) => void;
}

/** What the site said about one program. */
export interface SiteView {
  compiled: boolean;
  status: string | null;
  problem: string | null;
  line: number | null;
  message: string | null;
  /** The program ended by itself with this code (null when it was stopped: a problem named, a crash, a limit). */
  exitCode: number | null;
  /** Lines named by leak warnings ("allocated on line N"). */
  leakLines: number[];
  /** A leak was told, with a line or without one ("allocated by the C library"). */
  leaked: boolean;
  warnings: string[];
  /** The compiler's warnings and errors, as "line: message". */
  diagnostics: string[];
  stdout: string;
}

export type Verdict =
  /** Natives caught it; the site named it at the same line. */
  | 'same-line'
  /** Natives caught it; the site named a problem, at another line. */
  | 'other-line'
  /** Natives caught it; the site said nothing. */
  | 'missed'
  /** Natives found nothing; the site named a problem. */
  | 'site-only'
  /** Nobody found anything. */
  | 'clean'
  /** No verdict: a tool could not compile it, or the native run did not finish. */
  | 'skipped';

export interface MutantResult {
  id: string;
  seed: string;
  operator: string;
  line: number;
  description: string;
  asan: NativeFinding | null;
  valgrind: NativeFinding | null;
  site: SiteView;
  verdict: Verdict;
  /** Why it was skipped, or what the disagreement is, in a line. */
  reason: string;
}

export interface CorrectResult {
  name: string;
  kind: 'seed' | 'csmith';
  /** The natives named a problem in a program meant to be correct (a bad seed, or csmith on this platform). */
  nativeProblem: string | null;
  /** The site named a problem or a leak, or did not finish. */
  falseAlarm: string | null;
  /** The site printed something else than gcc's build. */
  mismatch: { native: string; site: string } | null;
  /** Too large for the build with the checks of values never set: run with the other checks, and told so. */
  lightly: boolean;
}

export interface OracleReport {
  mutants: MutantResult[];
  correct: CorrectResult[];
  csmithSkipped: { tooBig: number; tooSlow: number; notWellDefined: number };
  seconds: number;
}

const LEAK_LINE = /allocated on line (\d+)/g;

export function siteView(result: { compile: CompileResult; run: RunOutcome | null }): SiteView {
  const { compile, run } = result;
  const leakLines = [...(run?.warnings ?? []).join(' ').matchAll(LEAK_LINE)].map((m) => Number(m[1]));
  return {
    compiled: compile.ok,
    status: run?.status ?? null,
    problem: run?.problem ?? null,
    line: run?.line ?? null,
    message: run?.message ?? null,
    exitCode: run?.exit_code ?? null,
    leakLines: [...new Set(leakLines)],
    leaked: (run?.warnings ?? []).some((w) => /leak/i.test(w)),
    warnings: run?.warnings ?? [],
    diagnostics: compile.diagnostics
      .filter((d) => d.severity !== 'note')
      .map((d) => `${d.line}: ${d.severity}: ${d.message}`),
    stdout: run?.stdout ?? '',
  };
}

/**
 * Whether the site named anything: a problem that stopped the run, a leak, or a crash it could not name (a trap).
 * A program that ended itself with a code other than 0 was not stopped by the site.
 */
const siteNamed = (site: SiteView) =>
  site.problem !== null || site.leaked || (site.status === 'runtime_error' && site.exitCode === null);

/** The lines each side names, errors and leaks apart: a leak at the line of an error is not the error. */
export function linesOf(findings: (NativeFinding | null)[]) {
  const errors = new Set<number>();
  const leaks = new Set<number>();
  for (const f of findings) {
    if (!f) continue;
    if (f.leak) for (const line of f.leakLines) leaks.add(line);
    else if (f.line !== null) errors.add(f.line);
    for (const line of f.recursionLines ?? []) errors.add(line);
  }
  return { errors, leaks };
}

export const said = (f: NativeFinding | null) =>
  f ? `${f.kind}${f.line !== null ? ` at line ${f.line}` : ''}` : 'nothing';

export function siteSaid(site: SiteView): string {
  if (!site.compiled) return `a compile error (${site.diagnostics.find((d) => /error/.test(d)) ?? ''})`;
  const parts: string[] = [];
  if (site.problem) parts.push(`${site.problem} at line ${site.line ?? '?'}`);
  else if (site.status && site.status !== 'ok')
    parts.push(site.exitCode !== null ? `exit code ${site.exitCode}, no problem named` : site.status);
  if (site.leakLines.length) parts.push(`leak allocated at line ${site.leakLines.join(', ')}`);
  else if (site.leaked) parts.push('leak (no line)');
  return parts.length ? parts.join(' and ') : 'nothing';
}

/** A mutant's verdict from the three views. */
export function judgeMutant(
  asan: ReturnType<typeof judgeNative>,
  valgrind: ReturnType<typeof judgeNative> | null,
  site: SiteView,
): { verdict: Verdict; reason: string } {
  if (asan.failed === 'compile') return { verdict: 'skipped', reason: 'gcc does not compile it' };
  const findings = [asan.finding, valgrind?.finding ?? null];
  const caught = findings.some((f) => f !== null);
  if (!caught && asan.failed === 'timeout') return { verdict: 'skipped', reason: 'the native run did not finish' };
  const natives = `ASan ${said(asan.finding)}, valgrind ${valgrind ? said(valgrind.finding) : 'not run'}`;
  if (!site.compiled) {
    const errorLines = site.diagnostics.filter((d) => /: error:/.test(d)).map((d) => Number(d.split(':')[0]));
    if (!caught) return { verdict: 'skipped', reason: 'the site does not compile it and the natives find nothing' };
    const native = linesOf(findings);
    return errorLines.some((line) => native.errors.has(line) || native.leaks.has(line))
      ? { verdict: 'same-line', reason: '' }
      : { verdict: 'other-line', reason: `the site: ${siteSaid(site)}; ${natives}` };
  }
  const named = siteNamed(site);
  if (!caught)
    return named
      ? { verdict: 'site-only', reason: `the site: ${siteSaid(site)}; ${natives}` }
      : { verdict: 'clean', reason: '' };
  if (!named) return { verdict: 'missed', reason: `the site: nothing; ${natives}` };
  const native = linesOf(findings);
  const same =
    (site.problem !== null && site.line !== null && native.errors.has(site.line)) ||
    site.leakLines.some((line) => native.leaks.has(line));
  return same
    ? { verdict: 'same-line', reason: '' }
    : { verdict: 'other-line', reason: `the site: ${siteSaid(site)}; ${natives}` };
}

/** A small deterministic generator (mulberry32): the same seed, the same sample. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `limit` mutants, operators taken in turn, each operator's mutants shuffled by `seed`; in a stable order. */
export function sampleMutants<M extends Mutant>(all: M[], limit: number, seed: number): M[] {
  const next = random(seed);
  const byOperator = new Map<string, M[]>();
  for (const mutant of all) byOperator.set(mutant.operator, [...(byOperator.get(mutant.operator) ?? []), mutant]);
  const queues = [...byOperator.values()].map((list) => {
    const shuffled = [...list];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    return shuffled;
  });
  const picked: M[] = [];
  while (picked.length < limit && queues.some((q) => q.length > 0))
    for (const queue of queues) if (queue.length > 0 && picked.length < limit) picked.push(queue.shift()!);
  const order = new Map(all.map((m, i) => [m.id, i]));
  return picked.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** Every mutant of every seed. */
export function allMutants(seeds: Seed[] = readSeeds()): (Mutant & { stdin: string })[] {
  return seeds.flatMap((seed) => mutantsOf(seed.name, seed.code).map((m) => ({ ...m, stdin: seed.stdin })));
}

/** At most `n` at once. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await job();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** How long a csmith program may run natively (ASan) to be kept: the site's checked run must fit in 2 s. */
const CSMITH_NATIVE_MS = 1000;

export async function runOracle(options: OracleOptions): Promise<OracleReport> {
  const started = performance.now();
  const progress = options.progress ?? (() => undefined);
  const native = limiter(options.nativeJobs ?? 2);
  const onSite = limiter(1);
  // A compile keeps the site's CPU cap; its wall-clock backstop (for a server starved of CPU) is left to the machine's
  // load: the oracle judges what the checks say, and a test machine running three other suites is starved by design.
  const grader: Grader = createGrader({
    concurrency: 1,
    log: { error: () => undefined, warn: () => undefined },
    compileLimits: { wallMs: 180_000 },
  });
  await grader.warmUp();
  // The machine is shared: a run the site stopped at its time limit is tried twice more before it counts as such
  // (a deep recursion's checked run takes 0.3–0.8 s alone, and has reached 2 s under a load of 14).
  const site = (code: string, stdin: string) =>
    onSite(async () => {
      let view = siteView(await grader.run('oracle', code, stdin));
      for (let again = 0; again < 2 && view.status === 'time_limit'; again++)
        view = siteView(await grader.run('oracle', code, stdin));
      return view;
    });
  try {
    const seeds = readSeeds();
    const every = allMutants(seeds);
    const mutants = options.limit === undefined ? every : sampleMutants(every, options.limit, options.seed);
    progress(
      `${seeds.length} correct programs, ${mutants.length} of ${every.length} mutants, ${options.csmith} csmith programs`,
    );
    let done = 0;
    const tick = () => {
      done++;
      if (done % 25 === 0) progress(`  ${done} programs done (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    };

    const checkCorrect = async (name: string, kind: 'seed' | 'csmith', code: string, stdin: string) => {
      const [asanRun, valgrindRun, view] = await Promise.all([
        native(() => runNative('asan', code, stdin, kind === 'csmith' ? { timeoutMs: CSMITH_NATIVE_MS } : {})),
        kind === 'seed' && options.valgrindOnSeeds ? native(() => runNative('valgrind', code, stdin)) : null,
        site(code, stdin),
      ]);
      tick();
      const asan = judgeNative('asan', asanRun);
      const valgrind = valgrindRun ? judgeNative('valgrind', valgrindRun) : null;
      const nativeProblem =
        asan.failed || asan.finding || valgrind?.failed || valgrind?.finding
          ? `ASan ${asan.failed ?? said(asan.finding)}, valgrind ${valgrind ? (valgrind.failed ?? said(valgrind.finding)) : 'not run'}`
          : null;
      // Saying the program was built without the checks of values never set is a note about the site, not an alarm.
      const lightly = view.warnings.includes(exerciseMessages.checkedLightly);
      const warnings = view.warnings.filter((w) => w !== exerciseMessages.checkedLightly);
      const alarm = siteNamed(view) || view.status !== 'ok' || warnings.length > 0;
      const result: CorrectResult = {
        name,
        kind,
        nativeProblem,
        falseAlarm: alarm
          ? `${siteSaid(view)}${view.message ? `: ${view.message}` : ''} ${warnings.join(' ')}`.trim()
          : null,
        lightly,
        mismatch:
          !nativeProblem && !alarm && view.stdout !== asanRun.stdout
            ? { native: asanRun.stdout, site: view.stdout }
            : null,
      };
      return { result, asanRun };
    };

    const seedJobs = seeds.map((seed) => checkCorrect(seed.name, 'seed', seed.code, seed.stdin));

    const mutantJobs = mutants.map(async (mutant): Promise<MutantResult> => {
      const [natives, view] = await Promise.all([
        native(async () => {
          const asan = judgeNative('asan', await runNative('asan', mutant.code, mutant.stdin));
          // A run that did not finish under ASan would not finish under valgrind either: not waited for twice.
          const valgrind =
            asan.failed === null || asan.finding
              ? judgeNative('valgrind', await runNative('valgrind', mutant.code, mutant.stdin))
              : null;
          return { asan, valgrind };
        }),
        site(mutant.code, mutant.stdin),
      ]);
      tick();
      const { verdict, reason } = judgeMutant(natives.asan, natives.valgrind, view);
      return {
        id: mutant.id,
        seed: mutant.seed,
        operator: mutant.operator,
        line: mutant.line,
        description: mutant.description,
        asan: natives.asan.finding,
        valgrind: natives.valgrind?.finding ?? null,
        site: view,
        verdict,
        reason,
      };
    });

    // csmith's programs, seed after seed, until enough have run; checked as they come.
    const csmithSkipped = { tooBig: 0, tooSlow: 0, notWellDefined: 0 };
    const csmithResults: CorrectResult[] = [];
    const csmithJob = (async () => {
      let seed = options.csmithFirstSeed ?? 1;
      while (csmithResults.length < options.csmith) {
        const program = csmithProgram(seed);
        const name = `csmith --seed ${seed}`;
        seed++;
        if (!program) {
          csmithSkipped.tooBig++;
          continue;
        }
        const probe = await native(() => runNative('asan', program.code, '', { timeoutMs: CSMITH_NATIVE_MS }));
        if (probe.timedOut) {
          csmithSkipped.tooSlow++;
          continue;
        }
        const { result } = await checkCorrect(name, 'csmith', program.code, '');
        if (result.nativeProblem) {
          csmithSkipped.notWellDefined++;
          continue;
        }
        csmithResults.push(result);
      }
    })();

    const [seedResults, mutantResults] = await Promise.all([Promise.all(seedJobs), Promise.all(mutantJobs), csmithJob]);
    return {
      mutants: mutantResults,
      correct: [...seedResults.map((s) => s.result), ...csmithResults],
      csmithSkipped,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await grader.close();
  }
}

/** A bug the run did not name at its line, but the compiler warned at it (or at the mutation's line). */
export function warnedAtLine(m: MutantResult): boolean {
  const lines = new Set([m.line, m.asan?.line, m.valgrind?.line].filter((l): l is number => typeof l === 'number'));
  return m.site.diagnostics.some((d) => /: warning:/.test(d) && lines.has(Number(d.split(':')[0])));
}

const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)} %` : '-');
const pad = (text: string | number, width: number) => String(text).padStart(width);

/** The figures per mutation kind, then csmith's and the correct programs', then the time. */
export function summaryLines(report: OracleReport): string[] {
  const lines: string[] = [];
  const header = `${'mutation kind'.padEnd(20)} ${pad('tried', 6)} ${pad('ASan', 5)} ${pad('vgrind', 6)} ${pad('either', 6)} ${pad('site@line', 9)} ${pad('site@any', 8)} ${pad('site-only', 9)} ${pad('skipped', 7)} ${pad('warned@line', 11)}`;
  lines.push(header);
  const groups = new Map<string, MutantResult[]>();
  for (const m of report.mutants) groups.set(m.operator, [...(groups.get(m.operator) ?? []), m]);
  const row = (name: string, list: MutantResult[]) => {
    const either = list.filter((m) => m.asan || m.valgrind);
    return `${name.padEnd(20)} ${pad(list.length, 6)} ${pad(list.filter((m) => m.asan).length, 5)} ${pad(list.filter((m) => m.valgrind).length, 6)} ${pad(either.length, 6)} ${pad(either.filter((m) => m.verdict === 'same-line').length, 9)} ${pad(either.filter((m) => m.verdict !== 'missed').length, 8)} ${pad(list.filter((m) => m.verdict === 'site-only').length, 9)} ${pad(list.filter((m) => m.verdict === 'skipped').length, 7)} ${pad(either.filter((m) => m.verdict !== 'same-line' && warnedAtLine(m)).length, 11)}`;
  };
  for (const [operator, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) lines.push(row(operator, list));
  lines.push(row('all', report.mutants));
  const either = report.mutants.filter((m) => m.asan || m.valgrind);
  const sameLine = either.filter((m) => m.verdict === 'same-line').length;
  const asanOnly = report.mutants.filter((m) => m.asan).length;
  const valgrindOnly = report.mutants.filter((m) => m.valgrind).length;
  lines.push(
    '(site@line: named by the run at a line a native tool names; site@any: named at all; warned@line: not named by the run, but the compiler warned at the line)',
  );
  lines.push(
    `bugs caught by the site at the same line: ${sameLine} of ${either.length} caught by either native tool (${percent(sameLine, either.length)}; goal at least 99 %); ASan/UBSan by itself ${asanOnly} (${percent(asanOnly, either.length)}), valgrind by itself ${valgrindOnly} (${percent(valgrindOnly, either.length)})`,
  );
  const seeds = report.correct.filter((c) => c.kind === 'seed');
  const csmith = report.correct.filter((c) => c.kind === 'csmith');
  for (const [label, list] of [
    ['correct seeds', seeds],
    ['csmith programs', csmith],
  ] as const) {
    lines.push(
      `${label}: ${list.length} run, false alarms ${list.filter((c) => c.falseAlarm).length} (goal 0), output mismatches ${list.filter((c) => c.mismatch).length}, native problems ${list.filter((c) => c.nativeProblem).length}, too large for the checks of values never set ${list.filter((c) => c.lightly).length}`,
    );
  }
  const s = report.csmithSkipped;
  lines.push(
    `csmith skipped: ${s.tooSlow} too slow natively, ${s.tooBig} over 64 KB, ${s.notWellDefined} named by the natives`,
  );
  lines.push(`wall time: ${report.seconds.toFixed(1)} s`);
  return lines;
}

const indent = (text: string, by = '      ') =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => by + l)
    .join('\n');

/** Every disagreement with both sides' words, and every false alarm or mismatch on a correct program. */
export function disagreementLines(report: OracleReport): string[] {
  const lines: string[] = [];
  const disagreements = report.mutants.filter((m) => ['other-line', 'missed', 'site-only'].includes(m.verdict));
  lines.push(`disagreements: ${disagreements.length}`);
  for (const m of disagreements) {
    lines.push(`  [${m.verdict}] ${m.id} (${m.description}): ${causeOf(m)}`);
    if (m.asan) lines.push(`    ASan/UBSan:\n${indent(m.asan.excerpt)}`);
    if (m.valgrind) lines.push(`    valgrind:\n${indent(m.valgrind.excerpt)}`);
    lines.push(`    site: ${siteSaid(m.site)}${m.site.message ? `\n${indent(m.site.message)}` : ''}`);
    for (const w of m.site.warnings) lines.push(indent(w));
    const warned = m.site.diagnostics.filter((d) => /warning/.test(d));
    if (warned.length) lines.push(`    the compiler warned: ${warned.slice(0, 3).join(' | ')}`);
  }
  const headings: [Verdict, string][] = [
    ['missed', 'what the site misses'],
    ['other-line', 'where the site names another line (or none)'],
    ['site-only', 'what the site reports and the natives do not'],
  ];
  for (const [verdict, heading] of headings) {
    const causes = new Map<string, string[]>();
    for (const m of disagreements.filter((d) => d.verdict === verdict))
      causes.set(causeOf(m), [...(causes.get(causeOf(m)) ?? []), m.id]);
    lines.push(`${heading}: ${[...causes.values()].reduce((n, ids) => n + ids.length, 0)}`);
    for (const [cause, ids] of [...causes].sort((a, b) => b[1].length - a[1].length))
      lines.push(`  ${ids.length} × ${cause}: ${ids.join(', ')}`);
  }
  for (const c of report.correct) {
    if (c.falseAlarm) lines.push(`  [false alarm] ${c.name}: ${c.falseAlarm}`);
    if (c.mismatch)
      lines.push(
        `  [output mismatch] ${c.name}\n    gcc:  ${JSON.stringify(c.mismatch.native.slice(0, 200))}\n    site: ${JSON.stringify(c.mismatch.site.slice(0, 200))}`,
      );
    if (c.nativeProblem && c.kind === 'seed') lines.push(`  [bad seed] ${c.name}: ${c.nativeProblem}`);
  }
  return lines;
}

/** What a disagreement most likely comes from, in words, to group them by: the runtime's next work. */
export function causeOf(m: MutantResult): string {
  const kinds = `${m.asan?.kind ?? ''} | ${m.valgrind?.kind ?? ''}`;
  const inLibrary = (f: NativeFinding | null) =>
    !!f && /scanf|printf|fgets|memcpy|strcpy|strlen|_internal/.test(f.excerpt);
  if (m.verdict === 'site-only') {
    if (m.operator === 'fclose-missing')
      return 'the site tells an unclosed FILE as a leak; the natives count it as reachable';
    if (m.operator === 'return-local-array')
      return "the site names a returned local's use; gcc made the returned address NULL, so the natives saw no bug";
    if (m.site.leaked) return 'the site tells a leak the natives count as still reachable at exit';
    return `the site names ${siteSaid(m.site)}; the natives nothing`;
  }
  if (m.verdict === 'missed') {
    if (/memcpy-param-overlap|overlap/.test(kinds)) return 'memcpy with overlapping ranges is not checked';
    if (m.operator === 'fclose-early') return 'a FILE used after fclose is not named';
    if (m.operator === 'scanf-no-ampersand') return 'scanf given a value, not an address (`&` missing), is not named';
    if (/uninitialised/.test(kinds) && !/overflow|use-after/.test(kinds))
      return 'a read of an uninitialised variable is not named at run time';
    if (/stack-buffer-overflow/.test(kinds) && inLibrary(m.asan))
      return 'a C library function writing past a local array is not named';
    if (/stack-buffer-overflow/.test(kinds)) return 'an access past a local array is not named';
    if (/leak|lost/.test(kinds)) return 'a leak is not told';
    return `not named: ${kinds}`;
  }
  const nativeLine = m.asan?.line ?? m.valgrind?.line;
  if (m.site.problem === null && m.site.leaked) return 'a leak told without the line that allocated it';
  if (m.site.problem === null) return 'a crash the site could not name (no line)';
  if (m.operator === 'scanf-no-ampersand') return "scanf's write through a value named later, not at the scanf";
  if (/stack-buffer-overflow|heap-buffer-overflow/.test(kinds) && inLibrary(m.asan))
    return `a C library function writing past an array is not named; named later, as ${m.site.problem}`;
  if (m.operator === 'return-local-array')
    return "a returned local's use not named where it is used; named later (at the free)";
  if (/uninitialised/.test(kinds)) return `an uninitialised value named only later, as ${m.site.problem}`;
  return `named as ${m.site.problem} at line ${m.site.line}, the natives at line ${nativeLine ?? '?'}`;
}

/** The known gaps of a run: each mutant where the site and the natives disagree, with why. */
export function gapsOf(report: OracleReport): Record<string, { verdict: Verdict; reason: string }> {
  const gaps: Record<string, { verdict: Verdict; reason: string }> = {};
  for (const m of report.mutants)
    if (['other-line', 'missed', 'site-only'].includes(m.verdict))
      gaps[m.id] = { verdict: m.verdict, reason: `${causeOf(m)} (${m.reason})` };
  return gaps;
}

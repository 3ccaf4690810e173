/**
 * Step through must never change what a program does (issue 44): the rewritten program (trace/instrument.ts) prints
 * exactly what Run prints, and what gcc's 32-bit build prints (the same referee as the oracle's, with wasm32's
 * sizes). The programs: the Step through corpus (test/trace-corpus, macros at a statement's edges), the grader's
 * corpus (test/c-corpus), the oracle's correct seeds, the reference programs of trace-programs.test.ts and a fixed
 * sample of csmith's well-defined programs. gcc is a referee only where its own run is clean and the program has no
 * bug on purpose: a program with a bug (most of the grader's corpus) is compared with Run only, since what it prints
 * after the bug is undefined.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Grader } from '../../src/api/grader/grader.js';
import { unpackTrace } from '../../src/api/grader/trace/trace-answer.js';
import { readCorpus } from '../c-corpus.js';
import { csmithProgram } from './csmith.js';
import { judgeNative, runNative } from './native.js';
import { readSeeds } from './seeds.js';

export interface DifferentialProgram {
  /** `trace-corpus/return-null-macro.c`, `c-corpus/div-zero.c`, `seed/linked-list.c`, `reference 7`, `csmith 3`. */
  name: string;
  code: string;
  stdin: string;
  /** A program with a bug on purpose (the grader's corpus): gcc is no referee for what it prints after it. */
  buggy?: boolean;
}

const TRACE_CORPUS = new URL('../trace-corpus/', import.meta.url).pathname;
const REFERENCE_TESTS = new URL('../../src/api/grader/trace/trace-programs.test.ts', import.meta.url).pathname;

/** The Step through corpus: `// stdin: text` on the first line, with `\n` for a line break. */
export function readTraceCorpus(): DifferentialProgram[] {
  return readdirSync(TRACE_CORPUS)
    .filter((file) => file.endsWith('.c'))
    .sort()
    .map((file) => {
      const code = readFileSync(join(TRACE_CORPUS, file), 'utf8');
      const stdin = /^\/\/ stdin: (.*)$/m.exec(code.split('\n')[0]!)?.[1]?.replace(/\\n/g, '\n') ?? '';
      return { name: `trace-corpus/${file}`, code, stdin };
    });
}

/** A template literal's or a quoted string's text as JavaScript reads it (the reference programs use no `${}`). */
const cooked = (raw: string) => raw.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', '0': '\0' })[c] ?? c);

/**
 * The programs of trace-programs.test.ts, read from its source: every template literal holding a `main`, with the
 * input passed after it (`step(`…`, '3 4\n')`), so a reference program added there is checked here too.
 */
export function readReferencePrograms(): DifferentialProgram[] {
  const source = readFileSync(REFERENCE_TESTS, 'utf8');
  const programs: DifferentialProgram[] = [];
  for (const match of source.matchAll(/`((?:[^`\\]|\\.)*)`(?:,\s*'((?:[^'\\]|\\.)*)')?/g)) {
    const code = cooked(match[1]!);
    if (!/\bmain\s*\(/.test(code)) continue;
    programs.push({ name: `reference ${programs.length + 1}`, code, stdin: cooked(match[2] ?? '') });
  }
  return programs;
}

/**
 * How many csmith programs are compared, from which seed (the oracle's options). Those over 8 KB are skipped (a
 * checked build of one takes 5–20 s, twice: Run's and the trace's), and those slow natively.
 */
export const CSMITH_SAMPLE = { count: 6, firstSeed: 101, maxBytes: 8 * 1024 } as const;
/** A csmith program kept must run natively in this long (its traced run, checked at -O0, is far slower). */
const CSMITH_NATIVE_MS = 300;

export async function csmithSample(): Promise<DifferentialProgram[]> {
  const programs: DifferentialProgram[] = [];
  for (let seed = CSMITH_SAMPLE.firstSeed; programs.length < CSMITH_SAMPLE.count; seed++) {
    const program = csmithProgram(seed);
    if (!program || Buffer.byteLength(program.code) > CSMITH_SAMPLE.maxBytes) continue;
    const native = await runNative('asan', program.code, '', { timeoutMs: CSMITH_NATIVE_MS });
    const judged = judgeNative('asan', native);
    if (judged.failed || judged.finding) continue;
    programs.push({ name: `csmith ${seed}`, code: program.code, stdin: '' });
  }
  return programs;
}

export function differentialPrograms(): DifferentialProgram[] {
  return [
    ...readTraceCorpus(),
    ...readCorpus().map((p) => ({
      name: `c-corpus/${p.file}`,
      code: p.code,
      stdin: p.stdin,
      buggy: p.expect !== 'clean',
    })),
    ...readSeeds()
      .filter((seed) => !seed.name.startsWith('c-corpus/'))
      .map((seed) => ({ name: `seed/${seed.name}`, code: seed.code, stdin: seed.stdin })),
    ...readReferencePrograms(),
  ];
}

export interface Comparison {
  name: string;
  /** What the traced run printed; null when it was not traced (with why). */
  traced: string | null;
  notTraced: string | null;
  /** The trace stopped at its step limit: what it printed must be the start of Run's output. */
  truncated: boolean;
  run: string;
  /** What gcc's build printed, when its run was clean; null when gcc is no referee for this program. */
  native: string | null;
  /** Every disagreement, in words; empty when traced = Run (= gcc). */
  problems: string[];
}

/**
 * An address printed (`%p`) is the one thing the rewrite may move (its own variables take stack room): compared as
 * `0x…`.
 */
const withoutAddresses = (text: string) => text.replace(/0x[0-9a-f]{5,}/gi, '0x…');
const shown = (text: string) => JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);

/** One program traced, run and built by gcc, and the three outputs compared. */
export async function compareOutputs(grader: Grader, program: DifferentialProgram): Promise<Comparison> {
  const { code, stdin } = program;
  const [answer, ran, native] = await Promise.all([
    grader.trace('differential', code, stdin),
    grader.run('differential', code, stdin),
    runNative('asan', code, stdin),
  ]);
  const traced = unpackTrace(answer);
  const judged = judgeNative('asan', native);
  const nativeOut =
    program.buggy || judged.failed || judged.finding || native.timedOut ? null : withoutAddresses(native.stdout);
  const run = withoutAddresses(ran.run?.stdout ?? '');
  const out = traced.trace ? withoutAddresses(traced.trace.stdout) : null;
  const truncated = !!traced.trace?.truncated;
  const problems: string[] = [];
  const runStatus = ran.run?.status ?? 'not run';
  if (!ran.compile.ok) problems.push('Run did not compile it');
  else if (out === null) problems.push(`not traced: ${traced.message ?? ''}`);
  else if (truncated ? !run.startsWith(out) : out !== run)
    problems.push(`traced printed ${shown(out)}, Run printed ${shown(run)} (${runStatus})`);
  if (nativeOut !== null && runStatus === 'ok' && run !== nativeOut)
    problems.push(`Run printed ${shown(run)}, gcc printed ${shown(nativeOut)}`);
  return {
    name: program.name,
    traced: out,
    notTraced: out === null ? (traced.message ?? null) : null,
    truncated,
    run,
    native: nativeOut,
    problems,
  };
}

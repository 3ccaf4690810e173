/**
 * Compiles and runs students' C programs away from the web server: Clang (WebAssembly) in a pool of compile
 * processes, each compile capped in CPU time and memory; the programs in a pool of run workers (threads). Both
 * pools serve students in turn (fair-queue.ts), bounded by the machine's cores. Turns what happened into results a
 * learner can use: diagnostics with line numbers, a status per run, a verdict per test case. What goes wrong on
 * the grader's side (a crash, a cap hit) is logged with its cause.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  type CompileResult,
  EXERCISE_LIMITS,
  exerciseMessages,
  type GradeResult,
  missingImportsMessage,
  type RunOutcome,
  type TestCase,
  type TestResult,
  shownInFull,
} from '../../contracts/exercises.js';
import type { CompileRequest, CompileResponse } from './compile-child.js';
import { parseDiagnostics, withoutChecksNotes } from './diagnostics.js';
import { originalOutput, type Rewritten, rewriteAllocations } from './allocation-lines.js';
import { JobCrashedError, JobLimitError, JobTimeoutError, PoolUnavailableError } from './pool-errors.js';
import { childScript, type GraderLog, type JobLimits, ProcessPool } from './process-pool.js';
import { createBuildMemo } from './build-memo.js';
import type { RunRequest, RunResponse } from './run-worker.js';
import type { CheckResult } from '../../contracts/checkers.js';
import type { ProgramFile } from './memory-files.js';
import {
  failedCheck,
  functionTestProgram,
  type Harness,
  harnessFor,
  TEST_FILE,
  withoutTestSource,
} from './function-tests.js';
import { WorkerPool, workerScript } from './worker-pool.js';
import { TRACE_LIMITS, traceMessages } from '../../contracts/trace.js';
import { packTrace, type TraceAnswer } from './trace/trace-answer.js';
import { describeRun, harnessOutcome } from './describe-run.js';
import { checkRun } from '../../contracts/checkers.js';
import {
  COMBINATOR_SEPARATOR,
  type ProgramTemplate,
  type TemplateTest,
  templateTestOf,
} from './coderunner-template.js';
import type { TemplateRequest, TemplateResponse } from './template-worker.js';
import { templateVerdict } from './template-grader.js';

export type { GraderLog } from './process-pool.js';

/**
 * The memory of a checked program (docs/decisions/019), laid out for both sets of checks, and all there from the
 * start (the shadows must exist wherever the program's memory might be):
 *   [0, ADDRESS_SHADOW)                              AddressSanitizer's shadow: one byte says which of 8 may be used
 *   [ADDRESS_SHADOW, ADDRESS_SHADOW + PROGRAM)       the program: its data, stack and heap
 *   [... + PROGRAM, ... + 2 PROGRAM)                 MemorySanitizer's shadow: which bits were ever written
 *   [... + 2 PROGRAM, ... + 3 PROGRAM)               MemorySanitizer's origins: where unwritten memory came from
 * Memory the program never touches costs nothing: the engine maps it lazily.
 */
export const PROGRAM_MEMORY_BYTES = 96 * 1024 * 1024;
/** The whole memory, a multiple of 64 KiB pages: an eighth of it is the address shadow, the rest three programs. */
export const CHECKED_MEMORY_BYTES = 336 * 1024 * 1024;
const ADDRESS_SHADOW_BYTES = CHECKED_MEMORY_BYTES / 8;
/** MemorySanitizer's shadow of an address is the address plus this; its origin, plus the next, rounded down to 4. */
const DEFINEDNESS_SHADOW_OFFSET = PROGRAM_MEMORY_BYTES;
const DEFINEDNESS_ORIGIN_OFFSET = 2 * PROGRAM_MEMORY_BYTES;

/**
 * A CodeRunner question's program is held to Jobe's rules for C (`gcc -Wall -Werror -std=c99`): C99, and a
 * warning of -Wall is an error, so code Moodle refused is refused here too (Clang's -Wall, not -Wextra's more).
 * Clang's -Wall is not gcc's: gcc refuses `printf("")`, Clang does not (test/coderunner/known-gaps.json).
 */
const JOBE_LANGUAGE_FLAGS: Record<string, string[]> = { '-std=c17': ['-std=c99'], '-Wextra': ['-Werror'] };

/** The language and its warnings, the same in every build of a student's program. */
const LANGUAGE_FLAGS = ['-std=c17', '-Wall', '-Wextra', '-fno-color-diagnostics'];

/**
 * How programs are built (docs/decisions/019): with AddressSanitizer's, MemorySanitizer's and
 * UndefinedBehaviorSanitizer's checks, stopped at the first problem (-fno-sanitize-recover), a call to the checks
 * runtime on entering each function (to catch a stack that runs out), debug information (to name lines), and the
 * data above the address shadow (--global-base). Unoptimised, as a student's native build and valgrind see the
 * program: every branch the student wrote is a branch (optimised, `if (a[i] > best) best = a[i]` becomes a max, and
 * a value never set would be named only where it is printed), every function keeps its own frame (a returned local
 * stays caught), and Run and Step through build the same program.
 */
export const COMPILE_FLAGS = [
  ...LANGUAGE_FLAGS,
  '-O0',
  '-g',
  '-fsanitize=address,undefined',
  '-fno-sanitize-recover=all',
  // Values read before they were written (decision 019): MemorySanitizer's instrumentation, which Clang's driver
  // does not offer for WebAssembly, asked of the compiler itself with the layout above; the runtime is ours.
  '-Xclang',
  '-fsanitize=memory',
  // As the driver would ask: a function's arguments and result are checked where they are passed (an unset value
  // passed to a function is named at the call), so a function's own code reads no shadows of its parameters.
  '-mllvm',
  '-msan-eager-checks=1',
  // Variables keep their names in the build, so a value never set is told by the variable it came from.
  '-fno-discard-value-names',
  '-mllvm',
  '-msan-and-mask=0',
  '-mllvm',
  '-msan-xor-mask=0',
  '-mllvm',
  `-msan-shadow-base=${DEFINEDNESS_SHADOW_OFFSET}`,
  '-finstrument-function-entry-bare',
  // A recursion stays a recursion (no call turned into a jump): one that never ends runs out of stack and is named
  // with its function, where as a loop it would only run out of time.
  '-fno-optimize-sibling-calls',
  // The function table is exported, so a report can name the function a stack frame belongs to.
  '-Wl,--export-table',
  `-Wl,--initial-memory=${CHECKED_MEMORY_BYTES}`,
  `-Wl,--max-memory=${CHECKED_MEMORY_BYTES}`,
  `-Wl,-z,stack-size=${EXERCISE_LIMITS.stackBytes}`,
  `-Wl,--global-base=${ADDRESS_SHADOW_BYTES}`,
];

/**
 * The checks with where each value never set came from (its variable, or the line that allocated its block): the
 * origins cost a large program two or three times the build, so they are built only for a program whose run used
 * such a value, to tell it in full, and for Step through.
 */
export const ORIGINS_COMPILE_FLAGS = [
  ...COMPILE_FLAGS,
  '-Xclang',
  '-fsanitize-memory-track-origins=1',
  '-mllvm',
  `-msan-origin-base=${DEFINEDNESS_ORIGIN_OFFSET}`,
];

/**
 * A program too large for the definedness checks' build within a compile's CPU cap (64 KB of dense code can be) is
 * built with the other checks only, optimised, in one step, and told so.
 */
/** A program at least this long whose checked build passes a compile's cap is built again lightly. */
const LIGHT_FROM_BYTES = 8 * 1024;
const DEFINEDNESS_FLAG = /^-fsanitize=memory$|^-fsanitize-memory-|^-msan-/;
export const LIGHT_COMPILE_FLAGS = COMPILE_FLAGS.filter(
  (flag, index, all) =>
    !DEFINEDNESS_FLAG.test(flag) &&
    !(['-Xclang', '-mllvm'].includes(flag) && DEFINEDNESS_FLAG.test(all[index + 1] ?? '')),
).map((flag) => (flag === '-O0' ? '-O1' : flag));

/**
 * A plain build, as programs were built before the checks: the grader's second try when a checked run ran out of
 * time, or of memory only because of the checks' own overhead, so a correct solution is never failed by the checks.
 */
export const PLAIN_COMPILE_FLAGS = [
  ...LANGUAGE_FLAGS,
  '-O1',
  `-Wl,--max-memory=${EXERCISE_LIMITS.memoryMaxBytes}`,
  `-Wl,-z,stack-size=${EXERCISE_LIMITS.stackBytes}`,
];

/**
 * A build to be stepped through (trace/instrument.ts): the checks as for Run, which is unoptimised, so every
 * variable lives in memory where the recorder can read it.
 */
export const TRACE_COMPILE_FLAGS = ORIGINS_COMPILE_FLAGS;

/** The checks runtime (checks/runtime.c) itself: optimised, unchecked, told the memory's layout. */
export const RUNTIME_FLAGS = [
  '-std=c17',
  '-O2',
  // Freestanding in this: its own loops stay loops, never calls to the strlen or memcpy it checks (a report must
  // name the student's call, not one of the runtime's).
  '-fno-builtin',
  '-fno-color-diagnostics',
  `-DCHECKS_MEMORY_BYTES=${CHECKED_MEMORY_BYTES}u`,
  `-DCHECKS_PROGRAM_END=${ADDRESS_SHADOW_BYTES + PROGRAM_MEMORY_BYTES}u`,
  `-DCHECKS_DEFINEDNESS_SHADOW=${DEFINEDNESS_SHADOW_OFFSET}u`,
  `-DCHECKS_DEFINEDNESS_ORIGIN=${DEFINEDNESS_ORIGIN_OFFSET}u`,
  `-DCHECKS_HEAP_BUDGET=${EXERCISE_LIMITS.memoryMaxBytes}u`,
];
/** The runtime of a build to be stepped through: it also tells the recorder of each block. */
const TRACE_RUNTIME_FLAGS = [...RUNTIME_FLAGS, '-DCHECKS_TRACE'];

/**
 * What one compile may use. Measured on the 2-core bench machine, warm: a 160-line student program takes about
 * 0.4 s of CPU and under 32 MB of Clang's memory; a 64 KB file (the most a student may send) of dense functions
 * takes 2.2–3.7 s and still under 32 MB. A macro that doubles 40 times grows Clang's memory without end (4 GB
 * and 10 minutes unbounded); a 60 MB initialised array keeps Clang busy for minutes.
 */
export const COMPILE_LIMITS = {
  /** CPU time of Clang's thread per compile. */
  cpuMs: 5000,
  /** Wall-clock time per compile (reached only when the machine is starved of CPU). */
  wallMs: 30_000,
  /** Clang's WebAssembly memory: V8 refuses to grow it further, and Clang stops with "out of memory". */
  clangMemoryMb: 256,
  /**
   * The compile process's JavaScript heap (Clang's files and output live there; it needs about 15 MB). A build to
   * be stepped through also holds the program's syntax tree as text (about 1.7 MB for one that includes stdio.h and
   * stdlib.h) and its own declarations parsed: at 64 MB, parsing the whole tree ran out now and then.
   */
  jsHeapMb: 96,
  /** The whole compile process (Clang's compiled code is about 450 MB of it): past this it is killed. */
  processRssBytes: 1024 * 1024 * 1024,
} as const;

/**
 * V8 flags of each compile process: Clang's memory in 64 KiB WebAssembly pages, a small JS heap, gc() to hand back
 * memory, and Clang's code compiled by V8's baseline compiler (Liftoff) only. Optimising Clang's hot functions
 * again (TurboFan) cost a new process about 8 s of CPU on its first compile, and compiles after it were no faster:
 * 80 compiles of the C corpus took 506 ms each at the end with Liftoff alone, 491 ms with both.
 */
export function compileProcessFlags(clangMemoryMb: number = COMPILE_LIMITS.clangMemoryMb): string[] {
  return [
    `--wasm-max-mem-pages=${Math.floor((clangMemoryMb * 1024 * 1024) / 65536)}`,
    `--max-old-space-size=${COMPILE_LIMITS.jsHeapMb}`,
    '--expose-gc',
    '--liftoff-only',
  ];
}
const COMPILE_OUTPUT_MAX = 16 * 1024;
/** How long a CodeRunner template may take to render (a C template renders in milliseconds). */
const TEMPLATE_RENDER_MS = 2000;

export interface GraderOptions {
  /** Concurrent compilations (and, separately, runs); by default one fewer than the cores, at least one. */
  concurrency?: number;
  timeLimitMs?: number;
  /** Where the causes of failures go; the server passes its logger. */
  log?: GraderLog;
  /** Tests change the compile caps, to reach one of them first. */
  compileLimits?: Partial<JobLimits>;
  clangMemoryMb?: number;
}

export class GraderUnavailableError extends Error {}

interface Compiled {
  result: CompileResult;
  wasm: Uint8Array | null;
  key: string;
  /** A build without the checks. */
  plain: boolean;
  /** A build to be stepped through: what its variables are, or why it could not be rewritten. */
  trace?: CompileResponse['trace'];
  /** A build without the checks of values never set (the program was too large for them). */
  light?: boolean;
}

/**
 * With the checks (Run, grading); without them (the second try); with the checks, to be stepped through; with the
 * checks but those of values never set (a program too large for them).
 */
type Build = 'checked' | 'origins' | 'plain' | 'trace' | 'light';

/**
 * What a run is given: its input, its arguments, for a graded test how its output is checked, and for a function
 * exercise's test which test it is (the harness must say it finished).
 */
type ProgramInput = Pick<RunRequest, 'stdin' | 'args' | 'files' | 'check' | 'harness'>;

/** A run's outcome and, for a graded test whose program ended normally, its output checked. */
interface Ran {
  outcome: RunOutcome;
  checked?: CheckResult;
}

/** The program a Run, trace or grading builds: the student's code, or for a function exercise code and tests. */
function programOf(code: string, testCodes: string[]): { source: string; harness: Harness | null } {
  if (!testCodes.some((test) => test.trim() !== '')) return { source: code, harness: null };
  const harness = harnessFor(code, testCodes);
  return { source: functionTestProgram(code, testCodes, harness), harness };
}

interface RunState {
  /** The program can't be run: logged once, and not run again. */
  cannotRun?: boolean;
  /** The plain build, made once, the first time a checked run needs a second try; the later runs use it. */
  plain?: Promise<Compiled>;
  /** The build with origins, made once, the first time a run used a value never set (to say where it came from). */
  origins?: Promise<Compiled>;
}

export function defaultGraderConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

const consoleLog: GraderLog = {
  error: (details, message) => console.error(message, JSON.stringify(details)),
  warn: (details, message) => console.warn(message, JSON.stringify(details)),
};

function compileError(message: string, output = message): CompileResult {
  return { ok: false, diagnostics: [{ line: 1, column: 1, severity: 'error', message }], output };
}

export function createGrader(options: GraderOptions = {}) {
  const size = options.concurrency ?? defaultGraderConcurrency();
  const timeLimitMs = options.timeLimitMs ?? EXERCISE_LIMITS.timeLimitMs;
  const log = options.log ?? consoleLog;
  const compilers = new ProcessPool<CompileRequest, CompileResponse>({
    script: childScript('compile-child', import.meta.url),
    args: [JSON.stringify(COMPILE_FLAGS), JSON.stringify(RUNTIME_FLAGS), JSON.stringify(TRACE_RUNTIME_FLAGS)],
    nodeFlags: compileProcessFlags(options.clangMemoryMb),
    size,
    maxQueue: 200,
    limits: {
      cpuMs: COMPILE_LIMITS.cpuMs,
      wallMs: COMPILE_LIMITS.wallMs,
      rssBytes: COMPILE_LIMITS.processRssBytes,
      ...options.compileLimits,
    },
    log,
  });
  const runners = new WorkerPool<RunRequest, RunResponse>({
    script: workerScript('run-worker', import.meta.url),
    size,
    maxQueue: 2000,
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
  });

  // CodeRunner questions' templates are rendered here, bounded in time and heap (template-worker.ts).
  const templates = new WorkerPool<TemplateRequest, TemplateResponse>({
    script: workerScript('template-worker', import.meta.url),
    size: 1,
    maxQueue: 200,
    // Twing and (in development) the TypeScript loader take most of it; a template's own data is small.
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  });

  // Each build made once while it is kept (build-memo.ts); one stopped by a cap or a crash is not kept.
  const keptBuilds = createBuildMemo<Compiled>(
    (compiled) =>
      (compiled.wasm?.byteLength ?? 0) +
      compiled.result.output.length +
      (compiled.trace ? JSON.stringify(compiled.trace).length : 0),
  );
  const notKept = new WeakSet<Compiled>();
  /** A build of this program that must not be kept: it ended at a cap, out of time or in a crash. */
  const unsettled = (compiled: Compiled): Compiled => {
    const copy = { ...compiled };
    notKept.add(copy);
    return copy;
  };

  function compile(owner: string, code: string, build: Build = 'checked', jobe = false): Promise<Compiled> {
    const sha256 = createHash('sha256').update(code).digest('hex');
    const key = `${build === 'checked' ? sha256 : `${sha256}-${build}`}${jobe ? '-jobe' : ''}`;
    return keptBuilds.get(
      key,
      () => compileNow(owner, code, build, jobe, sha256, key),
      (compiled) => !notKept.has(compiled),
    );
  }

  async function compileNow(
    owner: string,
    code: string,
    build: Build,
    jobe: boolean,
    sha256: string,
    key: string,
  ): Promise<Compiled> {
    const plain = build === 'plain';
    // What the operator needs to find the program again (the run saved it as the student's draft), never its text.
    const about = { owner, code_sha256: sha256, code_bytes: Buffer.byteLength(code), plain };
    const rewritten: Rewritten = plain ? { code, inserts: new Map() } : rewriteAllocations(code);
    let response: CompileResponse;
    try {
      response = await compilers.run(owner, {
        code: rewritten.code,
        flags: (plain
          ? PLAIN_COMPILE_FLAGS
          : build === 'trace'
            ? TRACE_COMPILE_FLAGS
            : build === 'light'
              ? LIGHT_COMPILE_FLAGS
              : build === 'origins'
                ? ORIGINS_COMPILE_FLAGS
                : COMPILE_FLAGS
        ).flatMap((flag) => (jobe ? (JOBE_LANGUAGE_FLAGS[flag] ?? [flag]) : [flag])),
        outputMaxBytes: COMPILE_OUTPUT_MAX,
        runtimeFlags: plain ? null : build === 'trace' ? TRACE_RUNTIME_FLAGS : RUNTIME_FLAGS,
        trace: build === 'trace',
        ...(build === 'trace' ? { fallback: { flags: COMPILE_FLAGS, runtimeFlags: RUNTIME_FLAGS } } : {}),
      });
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      if (error instanceof JobLimitError) {
        log.warn({ ...about, limit: error.limit, cause }, 'grader: a compile reached its cap and was stopped');
        // The definedness checks cost the most to build: without them, a large program may still fit the cap. (A
        // small one past the cap is a bomb, a macro that doubles: no lighter build would end.)
        if (build === 'checked' && code.length >= LIGHT_FROM_BYTES)
          return unsettled(await compile(owner, code, 'light'));
        return unsettled({ result: compileError(exerciseMessages.tooComplex), wasm: null, key, plain });
      }
      if (error instanceof JobTimeoutError) {
        log.warn({ ...about, cause }, 'grader: a compile ran out of time and was stopped');
        return unsettled({ result: compileError(exerciseMessages.compilerTimedOut), wasm: null, key, plain });
      }
      if (error instanceof JobCrashedError) {
        log.error({ ...about, cause }, 'grader: the compiler crashed');
        return unsettled({ result: compileError(exerciseMessages.compilerCrashed), wasm: null, key, plain });
      }
      log.error({ ...about, cause }, 'grader: unavailable');
      throw new GraderUnavailableError(cause);
    }
    const output = withoutChecksNotes(originalOutput(response.output.trim(), rewritten, code));
    if (response.failure) {
      const { kind, detail } = response.failure;
      if (kind === 'out_of_memory') {
        log.warn({ ...about, limit: 'memory', cause: detail }, 'grader: a compile reached its cap and was stopped');
        if (build === 'checked' && code.length >= LIGHT_FROM_BYTES)
          return unsettled(await compile(owner, code, 'light'));
        return unsettled({
          result: compileError(
            exerciseMessages.tooComplex,
            output ? `${output}\n${exerciseMessages.tooComplex}` : exerciseMessages.tooComplex,
          ),
          wasm: null,
          key,
          plain,
        });
      }
      log.error(
        { ...about, cause: detail },
        kind === 'stack_overflow' ? 'grader: the compiler crashed (its stack ran out)' : 'grader: the compiler crashed',
      );
      const message =
        kind === 'stack_overflow' ? exerciseMessages.compilerNestedTooDeeply : exerciseMessages.compilerCrashed;
      return unsettled({
        result: compileError(message, output ? `${output}\n${message}` : message),
        wasm: null,
        key,
        plain,
      });
    }
    // Columns, like the quoted lines, are the student's own already (originalOutput).
    const diagnostics = parseDiagnostics(output);
    return {
      result: { ok: response.ok, diagnostics, output },
      wasm: response.wasm,
      key,
      plain,
      trace: response.trace,
      ...(build === 'light' ? { light: true } : {}),
    };
  }

  /**
   * Runs once. The checks slow a program down (up to about 9 times for one that mallocs and frees a million blocks)
   * and add memory of their own to each block: a checked run that ran out of time, or of memory it would not have
   * needed without them, runs again as built before the checks, with the same limits, and so do the grading's later
   * runs. What a student's program does within the limits is never failed by the checks.
   */
  /**
   * The teacher's checker program on one test: it finds the test's input, expected output and the program's output
   * as input.txt, expected.txt and actual.txt in its folder, runs under the students' limits, and prints pass or
   * fail on its first line, then what to tell the student. Anything else is the checker's fault, said as such.
   */
  async function runChecker(
    owner: string,
    checker: Compiled,
    test: TestCase,
    actual: string,
  ): Promise<CheckResult | { notRun: string }> {
    if (!checker.result.ok || !checker.wasm) {
      const first = checker.result.diagnostics.find((d) => d.severity === 'error');
      return {
        notRun: `Not checked: the teacher’s checker program does not compile${first ? ` (line ${first.line}: ${first.message})` : ''}.`,
      };
    }
    let response: RunResponse;
    try {
      response = await runners.run(
        owner,
        {
          key: checker.key,
          wasm: checker.wasm,
          stdin: '',
          args: [],
          files: [
            { name: 'input.txt', content: test.stdin },
            { name: 'expected.txt', content: test.expected_output },
            { name: 'actual.txt', content: actual },
          ],
          outputMaxBytes: 4096,
        },
        timeLimitMs,
      );
    } catch (error) {
      if (error instanceof PoolUnavailableError) throw new GraderUnavailableError(error.message);
      return { notRun: 'Not checked: the teacher’s checker program ran out of time or could not be run.' };
    }
    const verdict = /^\s*(pass|fail)\b[ \t:.-]*(.*)$/is.exec(response.stdout);
    if (response.kind !== 'exit' || !verdict)
      return {
        notRun:
          response.kind === 'exit'
            ? 'Not checked: the teacher’s checker program printed neither pass nor fail first.'
            : `Not checked: the teacher’s checker program stopped with an error (${describeRun(response).message ?? response.kind}).`,
      };
    const message = verdict[2]!.trim().slice(0, 1000);
    return { passed: verdict[1]!.toLowerCase() === 'pass', detail: message || null };
  }

  /**
   * Compiles a program; for a function exercise, the compiler's words about the tests' code keep their message but
   * not the code they quote (a hidden test's), and a compile that failed only there says the tests could not call
   * the student's functions.
   */
  async function compileTests(
    owner: string,
    source: string,
    functions: boolean,
    build: Build = 'checked',
  ): Promise<Compiled> {
    const compiled = await compile(owner, source, build);
    if (!functions) return compiled;
    const output = withoutTestSource(compiled.result.output);
    const diagnostics = [...compiled.result.diagnostics];
    if (!compiled.result.ok && !diagnostics.some((d) => d.severity === 'error')) {
      const first = new RegExp(`^${TEST_FILE}:\\d+:\\d+: (?:fatal )?error: (.*)$`, 'm').exec(output)?.[1];
      diagnostics.unshift({
        line: 1,
        column: 1,
        severity: 'error',
        message: `The tests could not call your functions${first ? `: ${first}` : ''}. Check each function's name, parameters and return type against the task.`,
      });
    }
    return { ...compiled, result: { ...compiled.result, output, diagnostics } };
  }

  async function execute(
    owner: string,
    compiled: Compiled,
    code: string,
    input: ProgramInput,
    state: RunState,
  ): Promise<Ran> {
    const plainBefore = state.plain ? await state.plain : null;
    if (plainBefore?.wasm) return unchecked(await runOnce(owner, plainBefore, code, input, state));
    const first = await runOnce(owner, compiled, code, input, state);
    if (first.outcome.problem === 'uninitialised' && !compiled.plain && !compiled.light) {
      // Run again, built to say where the value came from; the words of the first stand if this one differs.
      state.origins ??= compile(owner, code, 'origins');
      const origins = await state.origins;
      const told = origins.wasm ? await runOnce(owner, origins, code, input, state) : null;
      return told?.outcome.problem === 'uninitialised' ? told : first;
    }
    if (!first.checksTooCostly || compiled.plain) return first;
    state.plain ??= compile(owner, code, 'plain');
    const plain = await state.plain;
    return plain.wasm ? unchecked(await runOnce(owner, plain, code, input, state)) : first;
  }

  /**
   * A run made without the checks is never silent about it: what it could not see, it says. (One that ran out of
   * time without them too was not slowed by them: its own message says all.)
   */
  function unchecked(ran: Ran): Ran {
    if (ran.outcome.status === 'time_limit') return ran;
    return {
      ...ran,
      outcome: { ...ran.outcome, warnings: [...ran.outcome.warnings, exerciseMessages.ranWithoutChecks] },
    };
  }

  async function runOnce(
    owner: string,
    compiled: Compiled,
    code: string,
    input: ProgramInput,
    state: RunState,
  ): Promise<Ran & { checksTooCostly: boolean }> {
    const failed = (message: string): RunOutcome => ({
      status: 'runtime_error',
      exit_code: null,
      stdout: '',
      stderr: '',
      time_ms: 0,
      message,
      line: null,
      problem: null,
      warnings: [],
      leaked: false,
      files: [],
    });
    let response: RunResponse;
    try {
      response = await runners.run(
        owner,
        { key: compiled.key, wasm: compiled.wasm!, ...input, outputMaxBytes: EXERCISE_LIMITS.outputMaxBytes },
        timeLimitMs,
      );
    } catch (error) {
      if (error instanceof JobTimeoutError) {
        const outcome: RunOutcome = {
          status: 'time_limit',
          exit_code: null,
          stdout: '',
          stderr: '',
          time_ms: timeLimitMs,
          message: `The program was stopped after ${timeLimitMs / 1000} seconds. Is there a loop that never ends, or is it waiting for more input than it was given?`,
          line: null,
          problem: null,
          warnings: [],
          leaked: false,
          files: [],
        };
        return { outcome, checksTooCostly: true };
      }
      const cause = error instanceof Error ? error.message : String(error);
      if (error instanceof PoolUnavailableError) {
        log.error({ owner, code_sha256: compiled.key, cause }, 'grader: unavailable');
        throw new GraderUnavailableError(cause);
      }
      log.error({ owner, code_sha256: compiled.key, cause }, 'grader: the runner failed');
      state.cannotRun = true;
      return { outcome: failed(exerciseMessages.runnerFailed), checksTooCostly: false };
    }
    if (response.kind === 'missing_imports') {
      const names = response.missing_imports ?? [];
      if (!state.cannotRun)
        log.error(
          { owner, code_sha256: compiled.key, cause: `imports the runner does not provide: ${names.join(', ')}` },
          'grader: a program could not be run',
        );
      state.cannotRun = true;
      return { outcome: failed(missingImportsMessage(names)), checksTooCostly: false };
    }
    // Out of memory, though the program's own blocks fit in what it may use: the checks' share was too much.
    const full = response.reports.find((r) => r.fields.kind === 'heap_full');
    const overhead =
      !!full && Number(full.fields.live ?? 0) + Number(full.fields.size ?? 0) <= EXERCISE_LIMITS.memoryMaxBytes;
    const outcome = harnessOutcome(describeRun(response, code), response.harness);
    return {
      outcome: compiled.light
        ? { ...outcome, warnings: [...outcome.warnings, exerciseMessages.checkedLightly] }
        : outcome,
      checked: response.check,
      checksTooCostly: overhead,
    };
  }

  async function renderTemplate(owner: string, request: TemplateRequest): Promise<TemplateResponse> {
    try {
      return await templates.run(owner, request, TEMPLATE_RENDER_MS);
    } catch (error) {
      if (error instanceof PoolUnavailableError) throw new GraderUnavailableError(error.message);
      log.warn({ owner, cause: error instanceof Error ? error.message : String(error) }, 'grader: a template failed');
      return { error: 'it took longer, or more memory, than a template may.' };
    }
  }

  /**
   * A CodeRunner question, graded as CodeRunner's jobrunner.php does: a combinator template runs every test in one
   * program and its output is split at the separator, unless a test has input of its own or that run fails, when
   * each test's program runs alone; the first test that stops with an error (anything on standard error counts, as
   * on Jobe) ends the grading. Each output is checked by the test's checker (CodeRunner's graders when imported).
   */
  async function gradeTemplated(
    owner: string,
    code: string,
    tests: TestCase[],
    template: ProgramTemplate,
    options: GradeOptions,
  ): Promise<GradeResult> {
    const total = tests.reduce((sum, test) => sum + test.points, 0);
    const cases: TemplateTest[] = tests.map(templateTestOf);
    const notGraded = (compile: CompileResult, message: string): GradeResult => ({
      compile,
      score: 0,
      total,
      tests: shownInOrder(tests, (index, test) => testResult(index, test, 'not_run', null, message)),
    });
    const checkOf = (test: TestCase) => ({
      checker: test.checker,
      expected: test.expected_output,
      tolerance: test.tolerance,
      files: test.expected_files.map((file) => ({ name: file.name, expected: file.content })),
    });
    const finish = (compile: CompileResult, results: TestResult[]): GradeResult => ({
      compile,
      score: scoreOf(results, options),
      total,
      tests: results,
    });
    if (template.combinator && tests.every((test) => test.stdin === '')) {
      const rendered = await renderTemplate(owner, { program: template, answer: code, tests: cases, combined: true });
      if ('error' in rendered)
        return notGraded(compileError(exerciseMessages.templateFailed + rendered.error), 'Not run.');
      const source = rendered.sources[0]!;
      const compiled = await compile(owner, source, 'checked', true);
      if (!compiled.result.ok) return notGraded(compiled.result, 'The program did not compile.');
      const ran = await execute(owner, compiled, source, { stdin: '', args: [], files: [] }, {});
      const outputs = ran.outcome.stdout.split(COMBINATOR_SEPARATOR);
      if (ran.outcome.status === 'ok' && ran.outcome.stderr === '' && outputs.length === tests.length)
        return finish(
          compiled.result,
          shownInOrder(tests, (index, test) => {
            const outcome = { ...ran.outcome, stdout: outputs[index]! };
            return judge(
              index,
              test,
              { outcome, checked: checkRun(checkOf(test), outcome.stdout, new Map()) },
              options,
            );
          }),
        );
      // As CodeRunner: a combinator run that failed is run again one test at a time.
    }
    const rendered = await renderTemplate(owner, { program: template, answer: code, tests: cases, combined: false });
    if ('error' in rendered)
      return notGraded(compileError(exerciseMessages.templateFailed + rendered.error), 'Not run.');
    // Tests whose programs are the same text (a c_program question's) share one build.
    const builds = new Map<string, { compiled: Promise<Compiled>; state: RunState }>();
    const shown = shownOneByOne();
    let firstCompile: CompileResult | null = null;
    let skip: string | null = null;
    for (const [index, test] of tests.entries()) {
      if (skip) {
        shown.add(test, (seen) => testResult(index, seen, 'not_run', null, skip));
        continue;
      }
      const source = rendered.sources[index]!;
      const build = builds.get(source) ?? { compiled: compile(owner, source, 'checked', true), state: {} };
      builds.set(source, build);
      const compiled = await build.compiled;
      firstCompile ??= compiled.result;
      if (!compiled.result.ok) return notGraded(compiled.result, 'The program did not compile.');
      const input = { stdin: test.stdin, args: test.args, files: test.files, check: checkOf(test) };
      const ran = await execute(owner, compiled, source, input, build.state);
      if (ran.outcome.status === 'ok' && ran.outcome.stderr !== '')
        ran.outcome = { ...ran.outcome, status: 'runtime_error', message: exerciseMessages.wroteToStderr };
      if (ran.outcome.status !== 'ok') skip = exerciseMessages.stoppedAfterError;
      if (options.templateGrader && ran.outcome.status === 'ok') {
        const verdict = templateVerdict(ran.outcome.stdout, test.points);
        if (verdict.abort) skip = exerciseMessages.templateGraderStopped;
        shown.add(test, (seen) => ({
          ...testResult(
            index,
            seen,
            verdict.passed ? 'passed' : 'wrong_answer',
            { ...ran.outcome, stdout: verdict.got },
            verdict.message,
          ),
          ...(seen.visible && verdict.expected !== null ? { expected_output: verdict.expected } : {}),
          ...(verdict.passed ? {} : { awarded: verdict.awarded }),
        }));
        continue;
      }
      shown.add(test, (seen) => judge(index, seen, ran, options));
    }
    return finish(firstCompile ?? { ok: true, diagnostics: [], output: '' }, shown.results);
  }

  return {
    concurrency: size,
    /** How many builds were answered from those kept, and how many were made (tests and the bench read them). */
    builds: keptBuilds.counts,

    /** Compile and run once with the input the student typed; `owner` (the account) takes its turn in the queues. */
    async run(
      owner: string | number,
      code: string,
      stdin: string,
      files: ProgramFile[] = [],
      /** A function exercise's test code to call the student's functions with (its first example's). */
      testCode = '',
      /** What the program gets in argv after its name (a function exercise's harness takes argv itself). */
      args: string[] = [],
    ): Promise<{ compile: CompileResult; run: RunOutcome | null }> {
      const { source, harness } = programOf(code, [testCode]);
      const compiled = await compileTests(String(owner), source, !!harness);
      if (!compiled.result.ok) return { compile: compiled.result, run: null };
      const input = harness
        ? { stdin, args: ['0'], files, harness: { test: 0, nonce: harness.nonce } }
        : { stdin, args, files };
      const ran = await execute(String(owner), compiled, source, input, {});
      // A failed check of the example says so in its own words, not in the harness's marked line on stderr.
      const failed = harness ? failedCheck(ran.outcome) : null;
      const outcome = failed ? { ...ran.outcome, stderr: failed.stderr, message: failed.check } : ran.outcome;
      return { compile: compiled.result, run: outcome };
    },

    /**
     * Run once, built to be stepped through (trace/), with the input given: the run's outcome, as Run tells it, and
     * what it did, step by step, as the whole answer gzipped (made in the run worker: trace/trace-answer.ts). A
     * program the tracer can't rewrite is said to be so, never failed.
     */
    async trace(
      owner: string | number,
      code: string,
      stdin: string,
      files: ProgramFile[] = [],
      testCode = '',
      args: string[] = [],
    ): Promise<TraceAnswer> {
      const { source, harness } = programOf(code, [testCode]);
      const functions = !!harness;
      // One compile: a program that cannot be stepped through comes back as Run builds it, with the reason.
      const traced = await compileTests(String(owner), source, functions, 'trace');
      const meta = traced.trace && 'meta' in traced.trace ? traced.trace.meta : null;
      const without = (message: string) => packTrace({ compile: traced.result, run: null, trace: null, message });
      if (!traced.result.ok) return without(traceMessages.notCompiled);
      if (!meta) {
        const why = traced.trace && 'problem' in traced.trace ? traced.trace : { problem: traced.result.output };
        if ('reserved' in why && why.reserved) return without(traceMessages.reservedName(why.reserved));
        log.warn(
          { owner, code_sha256: traced.key, cause: why.problem.slice(0, 2000) },
          'grader: a program could not be traced',
        );
        return without(traceMessages.cannotTrace);
      }
      try {
        const response = await runners.run(
          String(owner),
          {
            key: traced.key,
            wasm: traced.wasm!,
            stdin,
            args: harness ? ['0'] : args,
            files,
            outputMaxBytes: EXERCISE_LIMITS.outputMaxBytes,
            trace: { compile: traced.result, meta, code: source, definednessOffset: DEFINEDNESS_SHADOW_OFFSET },
            ...(harness ? { harness: { test: 0, nonce: harness.nonce } } : {}),
          },
          // The program's own limit, and the recording's time on top: the recorder stops the run at its own.
          timeLimitMs + TRACE_LIMITS.recordingCpuMs,
        );
        return { gzip: response.trace_answer! };
      } catch (error) {
        if (error instanceof PoolUnavailableError) throw new GraderUnavailableError(error.message);
        const timedOut = error instanceof JobTimeoutError;
        if (!timedOut) log.error({ owner, code_sha256: traced.key, cause: String(error) }, 'grader: the runner failed');
        return without(timedOut ? traceMessages.timedOut : exerciseMessages.runnerFailed);
      }
    },

    /** Compile once, run every test case; after a test runs out of time (or can't run at all) the rest are not run. */
    async grade(
      owner: string | number,
      code: string,
      tests: TestCase[],
      options: GradeOptions = {},
    ): Promise<GradeResult> {
      const key = String(owner);
      if (options.template) return gradeTemplated(key, code, tests, options.template, options);
      const total = tests.reduce((sum, test) => sum + test.points, 0);
      // A function exercise: the student's code and every test's code, one program.
      const { source, harness } = programOf(
        code,
        tests.map((test) => test.test_code),
      );
      const compiled = await compileTests(key, source, !!harness);
      if (!compiled.result.ok) {
        return {
          compile: compiled.result,
          score: 0,
          total,
          tests: shownInOrder(tests, (index, test) =>
            testResult(index, test, 'not_run', null, 'The program did not compile.'),
          ),
        };
      }
      const shown = shownOneByOne();
      const state: RunState = {};
      let skip: string | null = null;
      // The teacher's checker program, compiled once for the tests checked by it.
      const checker = tests.some((test) => test.checker === 'program')
        ? await compile(key, options.checkerCode ?? '')
        : null;
      for (const [index, test] of tests.entries()) {
        if (skip) {
          shown.add(test, (seen) => testResult(index, seen, 'not_run', null, skip));
          continue;
        }
        const check = {
          checker: test.checker,
          expected: test.expected_output,
          tolerance: test.tolerance,
          files: test.expected_files.map((file) => ({ name: file.name, expected: file.content })),
        };
        const input = harness
          ? {
              stdin: test.stdin,
              args: [String(index)],
              files: test.files,
              check,
              harness: { test: index, nonce: harness.nonce },
            }
          : { stdin: test.stdin, args: test.args, files: test.files, check };
        const ran = await execute(key, compiled, source, input, state);
        if (ran.outcome.status === 'time_limit') skip = 'Not run: an earlier test ran out of time.';
        else if (state.cannotRun) skip = 'Not run: the program could not be run.';
        if (test.checker === 'program' && ran.outcome.status === 'ok' && ran.checked?.passed !== false) {
          const verdict = await runChecker(key, checker!, test, ran.outcome.stdout);
          if ('notRun' in verdict) {
            shown.add(test, (seen) => testResult(index, seen, 'not_run', ran.outcome, verdict.notRun));
            continue;
          }
          ran.checked = verdict;
        }
        shown.add(test, (seen) => judge(index, seen, ran, options));
      }
      return { compile: compiled.result, score: scoreOf(shown.results, options), total, tests: shown.results };
    },

    /**
     * A teacher's checker program, tried as it will be used before it is saved: compiled, then run on `test` with the
     * reference solution's output (its expected output when there is no reference, or the reference does not run).
     * Null when it judges it (pass or fail); otherwise what is wrong, in the teacher's words.
     */
    async tryChecker(
      owner: string | number,
      checkerCode: string,
      test: TestCase,
      testNumber: number,
      reference: string,
    ): Promise<string | null> {
      const key = String(owner);
      const checker = await compile(key, checkerCode);
      if (!checker.result.ok) {
        const first = checker.result.diagnostics.find((d) => d.severity === 'error');
        return exerciseMessages.checkerNotCompiling(first?.line ?? 1, first?.message ?? checker.result.output);
      }
      const ran = reference.trim()
        ? await this.run(owner, reference, test.stdin, test.files, test.test_code, test.args)
        : null;
      const byReference = ran?.run?.status === 'ok';
      const verdict = await runChecker(key, checker, test, byReference ? ran!.run!.stdout : test.expected_output);
      if (!('notRun' in verdict)) return null;
      const reason = verdict.notRun.replace(/^Not checked: the teacher’s checker program /, '');
      return exerciseMessages.checkerNotJudging(testNumber, byReference ? 'reference' : 'expected', reason);
    },

    /**
     * Starts the run workers and the compile processes (each loads Clang and compiles once), so the first student
     * doesn't wait for them.
     */
    async warmUp(): Promise<void> {
      runners.start();
      templates.start();
      await compilers.start();
    },

    /** Process ids of the compile processes (the bench adds up their memory). */
    compilerPids: () => compilers.pids(),

    close: async () => {
      await Promise.all([compilers.close(), runners.close(), templates.close()]);
    },
  };
}

export type Grader = ReturnType<typeof createGrader>;

function testResult(
  index: number,
  test: TestCase,
  verdict: TestResult['verdict'],
  outcome: RunOutcome | null,
  message: string | null,
): TestResult {
  return {
    index,
    visible: test.visible,
    points: test.points,
    verdict,
    time_ms: outcome?.time_ms ?? 0,
    message,
    line: outcome?.line ?? null,
    warnings: outcome?.warnings ?? [],
    stdin: test.visible ? test.stdin : null,
    expected_output: test.visible ? test.expected_output : null,
    actual_output: test.visible && outcome ? outcome.stdout : null,
    files: test.visible
      ? test.expected_files.map((file) => {
          const left = outcome?.files.find((written) => written.name === file.name);
          return { name: file.name, expected: file.content, actual: left && !left.binary ? left.content : null };
        })
      : [],
    input_files: test.visible ? test.files.map(({ name, content }) => ({ name, content })) : [],
    args: test.visible ? test.args : [],
  };
}

export interface GradeOptions {
  /** A test whose output is right fails when the program left memory unfreed at exit. */
  noLeaks?: boolean;
  /** The teacher's checker program, for the tests checked by it. */
  checkerCode?: string;
  /** A question imported from CodeRunner: its template makes the program of each test (or of all at once). */
  template?: ProgramTemplate;
  /** CodeRunner's "all or nothing": the score is the total only when every test passes, otherwise 0. */
  allOrNothing?: boolean;
  /** CodeRunner's TemplateGrader: each test's program prints its own verdict as JSON (template-grader.ts). */
  templateGrader?: boolean;
}

/** The points of the tests passed (and the part a template grader gave others); none unless all pass, if asked. */
function scoreOf(results: TestResult[], options: GradeOptions): number {
  if (options.allOrNothing && !results.every((r) => r.verdict === 'passed')) return 0;
  return results.reduce((sum, r) => sum + (r.verdict === 'passed' ? r.points : (r.awarded ?? 0)), 0);
}

/**
 * A grading's results, made one test after another as the student will see them: a test's result is shown in full
 * only when it is visible and its display allows it (always, or only when it passes, or only when it fails), and
 * not after a test marked "hide the rest if this fails" failed; otherwise it is shown as a hidden test's. `make`
 * gives the result of the test as seen: it is asked again, seen as passing, when it passed.
 */
function shownOneByOne() {
  const results: TestResult[] = [];
  let restHidden = false;
  return {
    results,
    add(test: TestCase, make: (seen: TestCase) => TestResult) {
      const seenAs = (passed: boolean) => ({ ...test, visible: shownInFull(test, passed, restHidden) });
      let result = make(seenAs(false));
      if (result.verdict === 'passed' && shownInFull(test, true, restHidden) !== result.visible)
        result = make(seenAs(true));
      results.push(result);
      if (test.hide_rest_if_fail && result.verdict !== 'passed') restHidden = true;
    },
  };
}

/** `shownOneByOne` for results made all at once. */
function shownInOrder(tests: TestCase[], make: (index: number, seen: TestCase) => TestResult): TestResult[] {
  const shown = shownOneByOne();
  for (const [index, test] of tests.entries()) shown.add(test, (seen) => make(index, seen));
  return shown.results;
}

function judge(index: number, test: TestCase, { outcome, checked }: Ran, options: GradeOptions = {}): TestResult {
  const failed = failedCheck(outcome);
  if (failed)
    return testResult(
      index,
      test,
      'wrong_answer',
      { ...outcome, stderr: failed.stderr },
      test.visible ? failed.check : 'A check of this hidden test failed.',
    );
  if (outcome.status !== 'ok') return testResult(index, test, outcome.status, outcome, outcome.message);
  const passed = checked?.passed ?? false;
  if (passed && options.noLeaks && outcome.leaked)
    return testResult(
      index,
      test,
      'memory_leak',
      { ...outcome, warnings: [] },
      `${exerciseMessages.leaksNotAllowed} ${outcome.warnings.join(' ')}`,
    );
  return testResult(
    index,
    test,
    passed ? 'passed' : 'wrong_answer',
    outcome,
    passed ? null : wrongOutputMessage(test, checked),
  );
}

/** Why the output failed its check; a hidden test's expected output is never quoted. */
function wrongOutputMessage(test: TestCase, checked: CheckResult | undefined): string {
  const base = checked?.file
    ? 'A file the program wrote is not what was expected.'
    : 'The output is not what was expected.';
  return test.visible && checked?.detail ? `${base} ${checked.detail}` : base;
}

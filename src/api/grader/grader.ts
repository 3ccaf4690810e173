/**
 * Compiles and runs students' C programs away from the web server: Clang (WebAssembly) in a pool of compile
 * processes, each compile capped in CPU time and memory; the programs in a pool of run workers (threads). Both
 * pools serve students in turn (fair-queue.ts), bounded by the machine's cores. Turns what happened into results a
 * learner can use: diagnostics with line numbers, a status per run, a verdict per test case. What goes wrong on
 * the grader's side (a crash, a cap hit) is logged with its cause.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type TestCase } from '../../contracts/exercises/authoring.js';
import { EXERCISE_LIMITS, exerciseMessages, missingImportsMessage } from '../../contracts/exercises/limits.js';
import { type CompileResult, type GradeResult, type RunOutcome } from '../../contracts/exercises/results.js';
import type { CompileRequest, CompileResponse } from './compile-child.js';
import { compileError, originalNames, parseDiagnostics, withoutChecksNotes } from './diagnostics.js';
import { gradeTemplated } from './coderunner-grading.js';
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
import type { TemplateRequest, TemplateResponse } from './template-worker.js';

export type { GraderLog } from './process-pool.js';
export type { GradeOptions } from './test-results.js';
import {
  type GradeOptions,
  judge,
  type Ran,
  scoreOf,
  shownInOrder,
  shownOneByOne,
  testResult,
} from './test-results.js';
import {
  DEFINEDNESS_SHADOW_OFFSET,
  JOBE_LANGUAGE_FLAGS,
  COMPILE_FLAGS,
  ORIGINS_COMPILE_FLAGS,
  LIGHT_FROM_BYTES,
  LIGHT_COMPILE_FLAGS,
  PLAIN_COMPILE_FLAGS,
  TRACE_COMPILE_FLAGS,
  RUNTIME_FLAGS,
  TRACE_RUNTIME_FLAGS,
  COMPILE_LIMITS,
  compileProcessFlags,
} from './build-flags.js';

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

/** The grader cannot give a result now: the student is told so (`words`, or that the grader is down). */
export class GraderUnavailableError extends Error {
  constructor(
    cause: string,
    readonly words: string = exerciseMessages.graderDown,
  ) {
    super(cause);
  }
}

export interface Compiled {
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
export type ProgramInput = Pick<RunRequest, 'stdin' | 'args' | 'files' | 'check' | 'harness'>;

/** The program a Run, trace or grading builds: the student's code, or for a function exercise code and tests. */
function programOf(code: string, testCodes: string[]): { source: string; harness: Harness | null } {
  if (!testCodes.some((test) => test.trim() !== '')) return { source: code, harness: null };
  const harness = harnessFor(code, testCodes);
  return { source: functionTestProgram(code, testCodes, harness), harness };
}

export interface RunState {
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
    let response: CompileResponse;
    try {
      response = await compilers.run(owner, {
        code,
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
    const output = withoutChecksNotes(originalNames(response.output.trim()));
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
      // Stopped by the wall clock, it got too little of the machine to use its time: no verdict can be given.
      if (error instanceof JobTimeoutError && error.byWallClock)
        throw new GraderUnavailableError(error.message, exerciseMessages.serverBusy);
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

  const templated = { render: renderTemplate, compile, execute };

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
        if (!timedOut) return without(exerciseMessages.runnerFailed);
        return without(error.byWallClock ? traceMessages.busy : traceMessages.timedOut);
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
      if (options.template) return gradeTemplated(templated, key, code, tests, options.template, options);
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

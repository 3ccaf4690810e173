/**
 * Compiles and runs students' C programs away from the web server: Clang (WebAssembly) in a pool of compile
 * processes, each compile capped in CPU time and memory; the programs in a pool of run workers (threads). Both
 * pools serve students in turn (job-line.ts), bounded by the machine's cores. Turns what happened into results a
 * learner can use: diagnostics with line numbers, a status per run, a verdict per test case. What goes wrong on
 * the grader's side (a crash, a cap hit) is logged with its cause.
 *
 * The pools are made here; the work is in its own rooms: builds.ts (compiling, the kept builds), execution.ts
 * (running, the second tries, the checker program), test-grading.ts (a list of tests), trace-run.ts (Step through),
 * describe-run.ts and the contracts' run-problems.ts (the words).
 */
import { availableParallelism } from 'node:os';
import { type TestCase } from '../../contracts/exercises/authoring.js';
import { EXERCISE_LIMITS, exerciseMessages } from '../../contracts/exercises/limits.js';
import { type CompileResult, type RunOutcome } from '../../contracts/exercises/results.js';
import type { CompileRequest, CompileResponse } from './compile-child.js';
import { PoolUnavailableError } from './pool-errors.js';
import { childScript, type GraderLog, type JobLimits, ProcessPool } from './process-pool.js';
import type { RunRequest, RunResponse, RunWorkerData } from './run-worker.js';
import type { ProgramFile } from './memory-files.js';
import { failedCheck, programOf } from './function-tests.js';
import { WorkerPool, workerScript } from './worker-pool.js';
import type { TemplateRequest, TemplateResponse } from './template-worker.js';
import { createBuilds, GraderUnavailableError } from './builds.js';
import { createExecution } from './execution.js';
import { gradeTests } from './test-grading.js';
import { traceProgram } from './trace-run.js';
import type { GradeOptions } from './test-results.js';
import {
  COMPILE_FLAGS,
  RUNTIME_FLAGS,
  TRACE_RUNTIME_FLAGS,
  COMPILE_LIMITS,
  compileProcessFlags,
} from './build-flags.js';

export type { GraderLog } from './process-pool.js';
export type { GradeOptions } from './test-results.js';
export { GraderUnavailableError } from './builds.js';

/** How long a CodeRunner template may take to render (a C template renders in milliseconds). */
const TEMPLATE_RENDER_MS = 2000;

/** Step through's arguments after the grader's parts: owner, code, stdin, files, test code, argv. */
type TraceArgs = Parameters<typeof traceProgram> extends [unknown, ...infer Rest] ? Rest : never;

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
  const runWorkers = (workerData: RunWorkerData) =>
    new WorkerPool<RunRequest, RunResponse>({
      script: workerScript('run-worker', import.meta.url),
      size,
      maxQueue: 2000,
      resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
      workerData,
    });
  // Runs and Step through's recorded runs in workers of their own: a worker collects its whole heap now and then
  // (run-worker.ts says when), so the workers that grade never hold the recorder and its schemas (trace/recording.ts).
  const runners = runWorkers({ records: false });
  const tracers = runWorkers({ records: true });

  // CodeRunner questions' templates are rendered here, bounded in time and heap (template-worker.ts).
  const templates = new WorkerPool<TemplateRequest, TemplateResponse>({
    script: workerScript('template-worker', import.meta.url),
    size: 1,
    maxQueue: 200,
    // Twing and (in development) the TypeScript loader take most of it; a template's own data is small.
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  });

  const builds = createBuilds(compilers, log);
  const execution = createExecution({ runners, builds, log, timeLimitMs });
  // Step through's runs go to its own workers.
  const traceParts = { runners: tracers, builds, log, timeLimitMs };

  async function renderTemplate(owner: string, request: TemplateRequest): Promise<TemplateResponse> {
    try {
      return await templates.run(owner, request, TEMPLATE_RENDER_MS);
    } catch (error) {
      if (error instanceof PoolUnavailableError) throw new GraderUnavailableError(error.message);
      log.warn({ owner, cause: error instanceof Error ? error.message : String(error) }, 'grader: a template failed');
      return { error: 'it took longer, or more memory, than a template may.' };
    }
  }

  const templated = { render: renderTemplate, compile: builds.compile, execute: execution.execute };

  const grader = {
    concurrency: size,
    /** How many builds were answered from those kept, and how many were made (tests and the bench read them). */
    builds: builds.counts,
    /** A build of one kind, made or kept (the bench times the checked build against the plain one with it). */
    compile: builds.compile,

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
      const compiled = await builds.compileTests(String(owner), source, !!harness);
      if (!compiled.result.ok) return { compile: compiled.result, run: null };
      const input = harness
        ? { stdin, args: ['0'], files, harness: { test: 0, nonce: harness.nonce } }
        : { stdin, args, files };
      const ran = await execution.execute(String(owner), compiled, source, input, {});
      // A failed check of the example says so in its own words, not in the harness's marked line on stderr.
      const failed = harness ? failedCheck(ran.outcome) : null;
      const outcome = failed ? { ...ran.outcome, stderr: failed.stderr, message: failed.check } : ran.outcome;
      return { compile: compiled.result, run: outcome };
    },

    /**
     * Run once, built to be stepped through (trace/), with the input given: the run's outcome, as Run tells it, and
     * what it did, step by step, as the whole answer gzipped. A program the tracer can't rewrite is said to be so.
     */
    trace: (...args: TraceArgs) => traceProgram(traceParts, ...args),

    /** Compile once, run every test case; after a test runs out of time (or can't run at all) the rest are not run. */
    grade: (owner: string | number, code: string, tests: TestCase[], options: GradeOptions = {}) =>
      gradeTests({ builds, execution, templated }, String(owner), code, tests, options),

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
      const checker = await builds.compile(key, checkerCode);
      if (!checker.result.ok) {
        const first = checker.result.diagnostics.find((d) => d.severity === 'error');
        return exerciseMessages.checkerNotCompiling(first?.line ?? 1, first?.message ?? checker.result.output);
      }
      const ran = reference.trim()
        ? await grader.run(owner, reference, test.stdin, test.files, test.test_code, test.args)
        : null;
      const byReference = ran?.run?.status === 'ok';
      const verdict = await execution.runChecker(
        key,
        checker,
        test,
        byReference ? ran!.run!.stdout : test.expected_output,
      );
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
      tracers.start();
      templates.start();
      await compilers.start();
    },

    /** Process ids of the compile processes (the bench adds up their memory). */
    compilerPids: () => compilers.pids(),

    close: async () => {
      await Promise.all([compilers.close(), runners.close(), tracers.close(), templates.close()]);
    },
  };
  return grader;
}

export type Grader = ReturnType<typeof createGrader>;

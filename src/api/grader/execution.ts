/**
 * How the grader runs a build: in the run workers (run-worker.ts), once per input, with the checks; again without
 * them when their cost alone stopped the run, or with where each value never set came from when one was used. And
 * the teacher's checker program, run on a test's output.
 */
import { EXERCISE_LIMITS, exerciseMessages, missingImportsMessage } from '../../contracts/exercises/limits.js';
import type { TestCase } from '../../contracts/exercises/authoring.js';
import type { RunOutcome } from '../../contracts/exercises/results.js';
import type { CheckResult } from '../../contracts/checkers.js';
import { type Builds, type Compiled, GraderUnavailableError } from './builds.js';
import { describeRun, harnessOutcome } from './describe-run.js';
import { JobTimeoutError, PoolUnavailableError } from './pool-errors.js';
import type { GraderLog } from './process-pool.js';
import type { RunRequest, RunResponse } from './run-worker.js';
import type { Ran } from './test-results.js';
import type { WorkerPool } from './worker-pool.js';

/**
 * What a run is given: its input, its arguments, for a graded test how its output is checked, and for a function
 * exercise's test which test it is (the harness must say it finished).
 */
export type ProgramInput = Pick<RunRequest, 'stdin' | 'args' | 'files' | 'check' | 'harness'>;

export interface RunState {
  /** The program can't be run: logged once, and not run again. */
  cannotRun?: boolean;
  /** The plain build, made once, the first time a checked run needs a second try; the later runs use it. */
  plain?: Promise<Compiled>;
  /** The build with origins, made once, the first time a run used a value never set (to say where it came from). */
  origins?: Promise<Compiled>;
}

/** A run that could not be made, in these words (and the shape of one stopped at its time limit). */
function failedOutcome(message: string): RunOutcome {
  return {
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
  };
}

function timeLimitOutcome(timeLimitMs: number): RunOutcome {
  return {
    ...failedOutcome(
      `The program was stopped after ${timeLimitMs / 1000} seconds. Is there a loop that never ends, or is it waiting for more input than it was given?`,
    ),
    status: 'time_limit',
    time_ms: timeLimitMs,
  };
}

export interface ExecutionParts {
  runners: WorkerPool<RunRequest, RunResponse>;
  builds: Builds;
  log: GraderLog;
  timeLimitMs: number;
}

export function createExecution({ runners, builds, log, timeLimitMs }: ExecutionParts) {
  const { compile } = builds;

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
   * Runs once. The checks slow a program down (up to about 9 times for one that mallocs and frees a million blocks)
   * and add memory of their own to each block: a checked run that ran out of time, or of memory it would not have
   * needed without them, runs again as built before the checks, with the same limits, and so do the grading's later
   * runs. What a student's program does within the limits is never failed by the checks.
   */
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
        return { outcome: timeLimitOutcome(timeLimitMs), checksTooCostly: true };
      }
      const cause = error instanceof Error ? error.message : String(error);
      if (error instanceof PoolUnavailableError) {
        log.error({ owner, code_sha256: compiled.key, cause }, 'grader: unavailable');
        throw new GraderUnavailableError(cause);
      }
      log.error({ owner, code_sha256: compiled.key, cause }, 'grader: the runner failed');
      state.cannotRun = true;
      return { outcome: failedOutcome(exerciseMessages.runnerFailed), checksTooCostly: false };
    }
    if (response.kind === 'missing_imports') {
      const names = response.missing_imports ?? [];
      if (!state.cannotRun)
        log.error(
          { owner, code_sha256: compiled.key, cause: `imports the runner does not provide: ${names.join(', ')}` },
          'grader: a program could not be run',
        );
      state.cannotRun = true;
      return { outcome: failedOutcome(missingImportsMessage(names)), checksTooCostly: false };
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

  return { execute, runChecker };
}

export type Execution = ReturnType<typeof createExecution>;

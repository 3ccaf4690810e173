/**
 * What the grader builds: a program compiled in the compile processes (compile-child.ts) as one of a few kinds,
 * each made once while it is kept (build-memo.ts). A compile that reached a cap, ran out of time or crashed is a
 * result the student can read (and is not kept); compile processes that cannot take it are GraderUnavailableError.
 */
import { createHash } from 'node:crypto';
import { exerciseMessages } from '../../contracts/exercises/limits.js';
import type { CompileResult } from '../../contracts/exercises/results.js';
import type { CompileRequest, CompileResponse } from './compile-child.js';
import { compileError, originalNames, parseDiagnostics, withoutChecksNotes } from './diagnostics.js';
import { TEST_FILE, withoutTestSource } from './function-tests.js';
import { JobCrashedError, JobLimitError, JobTimeoutError } from './pool-errors.js';
import type { GraderLog, ProcessPool } from './process-pool.js';
import { createBuildMemo } from './build-memo.js';
import {
  COMPILE_FLAGS,
  COMPILE_LIMITS,
  JOBE_LANGUAGE_FLAGS,
  LIGHT_COMPILE_FLAGS,
  LIGHT_FROM_BYTES,
  ORIGINS_COMPILE_FLAGS,
  PLAIN_COMPILE_FLAGS,
  RUNTIME_FLAGS,
  TRACE_COMPILE_FLAGS,
  TRACE_ORIGINS_COMPILE_FLAGS,
  TRACE_RUNTIME_FLAGS,
} from './build-flags.js';

const COMPILE_OUTPUT_MAX = 16 * 1024;

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
 * checks but those of values never set (a program too large for them); with the checks and where each value never
 * set came from (to run or to step through again, when a run used such a value).
 */
export type Build = 'checked' | 'plain' | 'trace' | 'light' | 'origins' | 'trace-origins';

const isTrace = (build: Build) => build === 'trace' || build === 'trace-origins';

const BUILD_FLAGS: Record<Build, string[]> = {
  checked: COMPILE_FLAGS,
  plain: PLAIN_COMPILE_FLAGS,
  trace: TRACE_COMPILE_FLAGS,
  light: LIGHT_COMPILE_FLAGS,
  origins: ORIGINS_COMPILE_FLAGS,
  'trace-origins': TRACE_ORIGINS_COMPILE_FLAGS,
};

export function createBuilds(compilers: ProcessPool<CompileRequest, CompileResponse>, log: GraderLog) {
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
        flags: BUILD_FLAGS[build].flatMap((flag) => (jobe ? (JOBE_LANGUAGE_FLAGS[flag] ?? [flag]) : [flag])),
        outputMaxBytes: COMPILE_OUTPUT_MAX,
        buildMaxBytes: COMPILE_LIMITS.buildMaxBytes,
        runtimeFlags: plain ? null : isTrace(build) ? TRACE_RUNTIME_FLAGS : RUNTIME_FLAGS,
        trace: isTrace(build),
        ...(isTrace(build) ? { fallback: { flags: COMPILE_FLAGS, runtimeFlags: RUNTIME_FLAGS } } : {}),
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
      // A program built past the size a build may be: its data would be the same in a lighter build.
      if (kind === 'too_large') {
        log.warn({ ...about, limit: 'size', cause: detail }, 'grader: a compile reached its cap and was stopped');
        return unsettled({ result: compileError(exerciseMessages.tooComplex), wasm: null, key, plain });
      }
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

  return {
    compile,
    compileTests,
    /** How many builds were answered from those kept, and how many were made (tests and the bench read them). */
    counts: keptBuilds.counts,
  };
}

export type Builds = ReturnType<typeof createBuilds>;

/**
 * Step through's run: the program built to be stepped through (trace/instrument.ts), run once with the input given,
 * answered with the run's outcome as Run tells it and what it did step by step, gzipped (made in the run worker:
 * trace/trace-answer.ts). A program the tracer can't rewrite is said to be so, never failed. Built without origins,
 * as Run is: a run that used a value never set is built and recorded again with them, to say where it came from.
 */
import { EXERCISE_LIMITS, exerciseMessages } from '../../contracts/exercises/limits.js';
import { TRACE_LIMITS, traceMessages } from '../../contracts/trace.js';
import { DEFINEDNESS_SHADOW_OFFSET } from './build-flags.js';
import { GraderUnavailableError } from './builds.js';
import type { ExecutionParts } from './execution.js';
import { programOf } from './function-tests.js';
import type { ProgramFile } from './memory-files.js';
import { JobTimeoutError, PoolUnavailableError } from './pool-errors.js';
import { packTrace, type TraceAnswer } from './trace/trace-answer.js';

export async function traceProgram(
  { builds, runners, log, timeLimitMs }: ExecutionParts,
  owner: string | number,
  code: string,
  stdin: string,
  files: ProgramFile[] = [],
  testCode = '',
  args: string[] = [],
): Promise<TraceAnswer> {
  const { source, harness } = programOf(code, [testCode]);
  const functions = !!harness;
  const first = await traceBuilt('trace');
  if (!first.usedUnset) return first.answer;
  // The run used a value never set: built again with origins, it says where that value came from, as Run does. The
  // first answer stands if the second run went otherwise.
  const told = await traceBuilt('trace-origins');
  return told.usedUnset ? told.answer : first.answer;

  async function traceBuilt(build: 'trace' | 'trace-origins'): Promise<{ answer: TraceAnswer; usedUnset?: boolean }> {
    // One compile: a program that cannot be stepped through comes back as Run builds it, with the reason.
    const traced = await builds.compileTests(String(owner), source, functions, build);
    const meta = traced.trace && 'meta' in traced.trace ? traced.trace.meta : null;
    const without = async (message: string) => ({
      answer: await packTrace({ compile: traced.result, run: null, trace: null, message }),
    });
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
      return {
        answer: { gzip: response.trace_answer! },
        usedUnset: response.reports.some((report) => report.fields.kind === 'uninit'),
      };
    } catch (error) {
      if (error instanceof PoolUnavailableError) throw new GraderUnavailableError(error.message);
      const timedOut = error instanceof JobTimeoutError;
      if (!timedOut) log.error({ owner, code_sha256: traced.key, cause: String(error) }, 'grader: the runner failed');
      if (!timedOut) return without(exerciseMessages.runnerFailed);
      return without(error.byWallClock ? traceMessages.busy : traceMessages.timedOut);
    }
  }
}

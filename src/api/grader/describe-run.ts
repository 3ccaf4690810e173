/**
 * What a run did, in a sentence a beginner can act on: the status and message of a run from what the runner saw.
 * Pure, so the run worker can describe a run too (a trace's whole answer is made there).
 */
import { EXERCISE_LIMITS, exerciseMessages, functionEndedMessage } from '../../contracts/exercises/limits.js';
import { type RunOutcome } from '../../contracts/exercises/results.js';
import { describeProblem } from '../../contracts/run-problems.js';
import { failedCheck, studentLines } from './function-tests.js';
import type { RunResponse } from './run-worker.js';

/**
 * What happened, in a sentence a beginner can act on, at the line it happened when the checks could tell. With the
 * program's source, a hint may quote the line it is about.
 */
export function describeRun(response: RunResponse, source = ''): RunOutcome {
  const lines = studentLines(source);
  const problems = response.reports.map((report) => describeProblem(report, lines));
  const stopped = problems.find((p) => p.fatal);
  // Told beside the run's end, not why it stopped: a leak, a file never closed, blocks still reachable.
  const told = problems.filter((p) => !p.fatal && p.kind !== 'heap_full');
  const warnings = [...told.map((p) => p.message), ...response.file_problems];
  const refused = problems.find((p) => p.kind === 'heap_full');
  const base = {
    stdout: response.stdout,
    stderr: response.stderr,
    time_ms: response.time_ms,
    exit_code: response.exit_code,
    line: null,
    problem: null,
    warnings,
    leaked: told.some((p) => p.kind === 'leak'),
    files: response.files,
  };
  if (response.kind === 'output_limit') {
    return {
      ...base,
      status: 'output_limit',
      message: `The program printed more than ${EXERCISE_LIMITS.outputMaxBytes / 1024} KB and was stopped. Is a loop printing forever?`,
    };
  }
  const memoryMessage = refused
    ? `${refused.message} The program used all ${EXERCISE_LIMITS.memoryMaxBytes / 1024 / 1024} MB of memory it may use.`
    : null;
  // malloc said no, and the program used the NULL it got: out of memory is the cause to tell.
  if (stopped && memoryMessage && stopped.kind === 'null')
    return {
      ...base,
      status: 'memory_limit',
      message: `${memoryMessage} Then: ${stopped.message}`,
      line: stopped.line,
      problem: stopped.kind,
    };
  if (stopped)
    return {
      ...base,
      status: 'runtime_error',
      message: `${stopped.message}`,
      line: stopped.line,
      problem: stopped.kind,
    };
  if (response.kind === 'trap') {
    if (memoryMessage) return { ...base, status: 'memory_limit', message: `${memoryMessage}`, line: refused!.line };
    return {
      ...base,
      status: 'runtime_error',
      message: `The program crashed: ${trapMessage(response.trap ?? '')}.`,
    };
  }
  if (memoryMessage && response.exit_code !== 0) {
    return { ...base, status: 'memory_limit', message: `${memoryMessage}`, line: refused!.line };
  }
  if (response.exit_code !== 0) {
    return {
      ...base,
      status: 'runtime_error',
      message: `The program ended with exit code ${response.exit_code} (0 means success).`,
    };
  }
  return { ...base, status: 'ok', message: null };
}

function trapMessage(trap: string): string {
  if (/call stack/i.test(trap)) return 'stack overflow (is a recursion never ending?)';
  if (/divide by zero/i.test(trap)) return 'division by zero';
  if (/out of bounds/i.test(trap))
    return 'memory access out of bounds (an array index or pointer past its memory, or a stack overflow from recursion that goes too deep)';
  if (/unreachable/i.test(trap)) return 'it reached code that must never run (often undefined behaviour, or abort())';
  if (/integer overflow/i.test(trap)) return 'integer overflow in a conversion';
  return trap;
}

/**
 * A function exercise's run whose harness never said the test's code returned: the student's function ended the
 * program. A program that called the harness's report itself fails. A failed check, a crash or a memory error keep
 * their own words.
 */
export function harnessOutcome(outcome: RunOutcome, harness: RunResponse['harness']): RunOutcome {
  if (harness === 'forged') return { ...outcome, status: 'runtime_error', message: exerciseMessages.harnessForged };
  if (harness !== 'ended' || outcome.exit_code === null || outcome.line !== null || outcome.problem !== null)
    return outcome;
  if (outcome.status !== 'ok' && outcome.status !== 'runtime_error') return outcome;
  if (failedCheck(outcome)) return outcome;
  return { ...outcome, status: 'runtime_error', message: functionEndedMessage(outcome.exit_code) };
}

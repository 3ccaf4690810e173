/**
 * The part of a run that records it to be stepped through, and makes the whole answer from the recording. Only
 * Step through's workers load it (a pool of their own, grader.ts): a worker that grades keeps a small heap (the
 * recorder, the answer's schema and its library stay out of it: 4.5 MB instead of 10). That matters because a worker
 * collects its whole heap now and then (run-worker.ts says when), and a collection costs what the
 * heap holds.
 */
import { TRACE_LIMITS, traceMessages } from '../../../contracts/trace.js';
import { describeRun, harnessOutcome } from '../describe-run.js';
import { ownThreadStatPath, threadCpuMs } from '../cpu-time.js';
import type { RunRequest, RunResponse } from '../run-worker.js';
import { studentFunctionName, type WasmDebug } from '../wasm-debug.js';
import { assembleTrace } from './assemble.js';
import { createRecorder, TraceLimit } from './recorder.js';
import { packTraceSync } from './trace-answer.js';

/** The most of a program's read-only data a trace carries (its string literals come first). */
const LITERALS_MAX_BYTES = 64 * 1024;
const FUNCTION_TABLE_MAX = 1024;

type FunctionTable = { get(index: number): unknown; length?: number } | undefined;

/**
 * Whether a recording has used its CPU time (TRACE_LIMITS.recordingCpuMs), counted on this thread from now: the
 * program's and the recorder's time together, so the recorder stops the run before the pool's limit (the program's
 * limit plus the recording's) would end it with no trace. Wall-clock time where /proc can't tell.
 */
function recordingClock(): () => boolean {
  const stat = ownThreadStatPath();
  const cpu = stat !== null && threadCpuMs(stat) !== null ? () => threadCpuMs(stat) ?? 0 : () => performance.now();
  const start = cpu();
  return () => cpu() - start >= TRACE_LIMITS.recordingCpuMs;
}

/** A traced program's read-only data and the names of its function table's entries (what function pointers hold). */
function programStatics(debug: WasmDebug, table: FunctionTable) {
  const data = debug.readOnlyData;
  const functionTable: (string | null)[] = [];
  for (let i = 0; table && i < Math.min(table.length ?? 0, FUNCTION_TABLE_MAX); i++) {
    const entry = table.get(i) as { name?: string } | null;
    const name = entry?.name ? debug.functionName(Number(entry.name)) : undefined;
    functionTable.push(name ? studentFunctionName(name) : null);
  }
  return {
    literals: data
      ? { addr: data.addr, data: Buffer.from(data.bytes.subarray(0, LITERALS_MAX_BYTES)).toString('base64') }
      : null,
    functionTable,
  };
}

/** Records a run from its start: the imports the traced build calls, and how the run's end becomes the answer. */
export function startRecording(
  trace: NonNullable<RunRequest['trace']>,
  memoryBuffer: () => ArrayBuffer,
  io: () => { out: number; in: number },
) {
  const recorder = createRecorder(memoryBuffer, io, undefined, recordingClock(), trace.definednessOffset);
  return {
    imports: recorder.imports,
    /** The recording stopped the run (it reached its steps or its time). */
    stoppedRun: (error: unknown) => error instanceof TraceLimit,
    /** The whole answer, JSON gzipped: the run as Run tells it, and what it did step by step. */
    answer(response: RunResponse, stdin: string, debug: WasmDebug, table: FunctionTable): Uint8Array {
      const crashLine = response.reports.find((r) => r.line !== null)?.line ?? null;
      const recorded = recorder.finish(response.kind !== 'exit', crashLine);
      const outcome = harnessOutcome(describeRun(response, trace.code), response.harness);
      return packTraceSync({
        compile: trace.compile,
        run: recorded.truncated
          ? {
              ...outcome,
              status: 'time_limit',
              message:
                recorded.stoppedBy === 'time'
                  ? traceMessages.recordingTooLong(recorded.steps - 1)
                  : traceMessages.truncated,
            }
          : outcome,
        trace: assembleTrace(trace.meta, recorded, response.stdout, stdin, programStatics(debug, table)),
        message: null,
      });
    },
  };
}

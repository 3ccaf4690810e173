/**
 * Step through: a recorded run of a student's program, step by step, as the server sends it and the step-through
 * view (and the tests of the reference programs) replay it (trace-replay.ts).
 *
 * A trace is a list of events in the order they happened. A step is the moment before a statement runs; every
 * other event belongs to the step that follows it. Memory is sent as what changed: a variable or a heap block is a
 * region, created with its bytes, then written to.
 */
import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { compileResultSchema, runOutcomeSchema } from './exercises/results.js';
import { runInputSchema } from './exercises/workspace.js';
import { idParamsSchema } from './fields.js';

export const TRACE_LIMITS = {
  /** Steps recorded per run; past it the run is stopped and the trace says so. */
  steps: 100_000,
  /** Bytes shown of one variable or block (an array of 1,024 ints). */
  regionBytes: 4096,
  /** Variables and blocks followed at once; later ones are not drawn. */
  regions: 2000,
  /**
   * CPU time the recording may take, on top of the program's own time limit: past it the run is stopped and the
   * steps recorded so far are shown. CPU time, so a busy server records as many steps as an idle one.
   */
  recordingCpuMs: 4000,
} as const;

export type TraceType =
  | { kind: 'int'; name: string; size: number; signed: boolean; char?: boolean }
  | { kind: 'float'; name: string; size: number }
  | { kind: 'pointer'; name: string; to: number }
  | { kind: 'array'; name: string; of: number; length: number | null }
  | { kind: 'struct'; name: string; record: number }
  /** What a function pointer points at: a pointer's value is then an index in the program's function table. */
  | { kind: 'function'; name: string }
  | { kind: 'opaque'; name: string };

export interface TraceRecord {
  name: string;
  /** Measured in the program (sizeof); null when not known. */
  size: number | null;
  fields: { name: string; type: number; offset: number | null }[];
}

export const EVENT = {
  step: 0,
  enter: 1,
  leave: 2,
  scopeIn: 3,
  scopeOut: 4,
  variable: 5,
  alloc: 6,
  free: 7,
  write: 8,
  unset: 9,
} as const;

/**
 * [step, line, depth, output bytes so far, input bytes read so far] · [enter, function] · [leave] · [scopeIn] ·
 * [scopeOut] · [variable, region, var, address, size] · [alloc, region, address, size, line] · [free, region] ·
 * [write, region, offset, base64 bytes] · [unset, region, offset, base64 bytes: not 0 where a byte is not set yet]
 */
export type TraceEvent = (number | string)[];

export interface Trace {
  functions: string[];
  vars: { name: string; type: number; kind: 'global' | 'local' | 'param' }[];
  types: TraceType[];
  records: TraceRecord[];
  events: TraceEvent[];
  steps: number;
  /** The whole output and the input, so a step shows the part written or read by then. */
  stdout: string;
  stdin: string;
  /** The run was stopped at the step limit. */
  truncated: boolean;
  /**
   * The program's read-only data (its string literals first) from its address, base64: a pointer at a literal is
   * drawn to its text. Absent in traces made before it was kept.
   */
  literals?: { addr: number; data: string } | null;
  /** The function at each index of the program's function table (what a function pointer holds), or null. */
  functionTable?: (string | null)[];
}

/** What Step through is given: what Run is given (the code, the input typed, the folder's files). */
export const traceInputSchema = runInputSchema;

const traceSchema = z.object({
  functions: z.array(z.string()),
  vars: z.array(z.object({ name: z.string(), type: z.number(), kind: z.enum(['global', 'local', 'param']) })),
  types: z.array(
    z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('int'),
        name: z.string(),
        size: z.number(),
        signed: z.boolean(),
        char: z.boolean().optional(),
      }),
      z.object({ kind: z.literal('float'), name: z.string(), size: z.number() }),
      z.object({ kind: z.literal('pointer'), name: z.string(), to: z.number() }),
      z.object({ kind: z.literal('array'), name: z.string(), of: z.number(), length: z.number().nullable() }),
      z.object({ kind: z.literal('struct'), name: z.string(), record: z.number() }),
      z.object({ kind: z.literal('function'), name: z.string() }),
      z.object({ kind: z.literal('opaque'), name: z.string() }),
    ]),
  ),
  records: z.array(
    z.object({
      name: z.string(),
      size: z.number().nullable(),
      fields: z.array(z.object({ name: z.string(), type: z.number(), offset: z.number().nullable() })),
    }),
  ),
  events: z.array(z.array(z.union([z.number(), z.string()]))),
  steps: z.number(),
  stdout: z.string(),
  stdin: z.string(),
  truncated: z.boolean(),
  literals: z.object({ addr: z.number(), data: z.string() }).nullable().optional(),
  functionTable: z.array(z.string().nullable()).optional(),
});

export const traceResultSchema = z.object({
  compile: compileResultSchema,
  run: runOutcomeSchema.nullable(),
  /** Null when the program could not be traced (it did not compile, or its shape is not one the tracer follows). */
  trace: traceSchema.nullable(),
  /** Why there is no trace, in words. */
  message: z.string().nullable(),
});
export type TraceResult = Omit<z.infer<typeof traceResultSchema>, 'trace'> & { trace: Trace | null };

/** An event as the schema says: numbers (finite) and strings, every place of it (a hole is not). */
function isTraceEvent(event: unknown): boolean {
  if (!Array.isArray(event)) return false;
  for (let i = 0; i < event.length; i++) {
    const part: unknown = event[i];
    if (typeof part !== 'string' && !(typeof part === 'number' && Number.isFinite(part))) return false;
  }
  return true;
}

/**
 * `traceResultSchema.parse` of an answer the server made, by the same rules, with its events (four or so a step,
 * tens of thousands in a long run) checked by a loop: through the schema they took 25–45 ms of a 10,000-step answer.
 */
export function parseTraceResult(result: TraceResult): TraceResult {
  const events = result.trace?.events;
  if (!Array.isArray(events)) return traceResultSchema.parse(result) as TraceResult;
  const parsed = traceResultSchema.parse({ ...result, trace: { ...result.trace, events: [] } });
  let wrong = -1;
  for (let i = 0; i < events.length && wrong < 0; i++) if (!isTraceEvent(events[i])) wrong = i;
  if (wrong >= 0) throw new Error(`trace event ${wrong} is not numbers and strings: ${JSON.stringify(events[wrong])}`);
  return { ...parsed, trace: { ...parsed.trace!, events } } as TraceResult;
}

export const traceMessages = {
  truncated: `The program was stopped after ${TRACE_LIMITS.steps.toLocaleString('en-IN')} steps: step through a shorter run (less input, or fewer rounds of a loop).`,
  /** The recording's own time ran out first (a run with many variables, or very deep calls). */
  recordingTooLong: (steps: number) =>
    `The first ${steps.toLocaleString('en-IN')} steps are shown: recording more of this run would take too long. Step through a shorter run (less input, or fewer rounds of a loop).`,
  cannotTrace:
    'This program could not be prepared for stepping through (its shape is one the tracer does not follow yet). Run still works.',
  notCompiled: 'The program does not compile: fix the errors shown, then step through it.',
  /** The program names something as the tracer names its own hooks (`__trace_step`), or the checks their own. */
  reservedName: (name: string) =>
    `Step through uses the name ${name} for itself: give yours another name to step through this program. Run still works.`,
  timedOut:
    'The program ran out of time before it could be stepped through. Is it waiting for more input than it was given?',
  /** The pool's wall-clock backstop stopped the recording, not its CPU time: the machine was too busy. */
  busy: 'The server was too busy to record this run in time. Try Step through again in a moment.',
} as const;

export const traceEndpoints = endpoints({
  /** A student steps through their own program, with the input they typed (or a test's), as Run runs it. */
  trace: {
    method: 'POST',
    path: '/api/v1/student_programs/:id/trace',
    access: 'student',
    timedWork: true,
    params: idParamsSchema,
    body: traceInputSchema,
    response: { 200: traceResultSchema },
  },
  /** The teacher steps through any code: a student's they are looking at, or a demonstration of their own. */
  adminTrace: {
    method: 'POST',
    path: '/api/v1/admin/trace',
    access: 'admin',
    body: traceInputSchema,
    response: { 200: traceResultSchema },
  },
});

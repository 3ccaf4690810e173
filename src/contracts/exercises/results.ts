/**
 * What compiling, running and grading a program gives: diagnostics, a run's outcome, each test's verdict and a
 * submission's score.
 */
import { z } from 'zod';
import { idParamsSchema, recordIdSchema } from '../fields.js';
import { problemKinds } from '../run-problems.js';

export const diagnosticSchema = z.object({
  line: z.number().int(),
  column: z.number().int(),
  severity: z.enum(['error', 'warning', 'note']),
  message: z.string(),
});
export type Diagnostic = z.infer<typeof diagnosticSchema>;

export const compileResultSchema = z.object({
  ok: z.boolean(),
  diagnostics: z.array(diagnosticSchema),
  /** The compiler's own words, for anything the list doesn't show. */
  output: z.string(),
});
export type CompileResult = z.infer<typeof compileResultSchema>;

export const runStatuses = ['ok', 'time_limit', 'runtime_error', 'output_limit', 'memory_limit'] as const;
export type RunStatus = (typeof runStatuses)[number];

export const runOutcomeSchema = z.object({
  status: z.enum(runStatuses),
  exit_code: z.number().int().nullable(),
  stdout: z.string(),
  stderr: z.string(),
  time_ms: z.number().int(),
  /** A sentence a learner can act on, e.g. why the program stopped. */
  message: z.string().nullable(),
  /** The line the message is about (a memory error, undefined behaviour), which the editor marks. */
  line: z.number().int().nullable().default(null),
  /** What kind of problem stopped the program, when the checks named one. */
  problem: z.enum(problemKinds).nullable().default(null),
  /** Told, but not why the program stopped: a memory leak, a file never closed, a file bound met. */
  warnings: z.array(z.string()).default([]),
  /** The program left blocks it could no longer reach at its end: a leak (with "no leaks" on, a test fails). */
  leaked: z.boolean().default(false),
  /** The files the program created or changed, as text (a binary file's content says so). */
  files: z.array(z.object({ name: z.string(), content: z.string(), binary: z.boolean() })).default([]),
});
export type RunOutcome = z.infer<typeof runOutcomeSchema>;

export const verdicts = [
  'passed',
  'wrong_answer',
  'time_limit',
  'runtime_error',
  'output_limit',
  'memory_limit',
  'memory_leak',
  'not_run',
] as const;
export type Verdict = (typeof verdicts)[number];

export const verdictLabels: Record<Verdict, string> = {
  passed: 'Passed',
  wrong_answer: 'Wrong output',
  time_limit: 'Time limit',
  runtime_error: 'Runtime error',
  output_limit: 'Output limit',
  memory_limit: 'Memory limit',
  memory_leak: 'Memory leak',
  not_run: 'Not run',
};

export const testResultSchema = z.object({
  index: z.number().int(),
  visible: z.boolean(),
  points: z.number().int(),
  /** Part of the points a template grader gave a test it did not pass (absent: all when passed, else none). */
  awarded: z.number().int().optional(),
  verdict: z.enum(verdicts),
  time_ms: z.number().int(),
  message: z.string().nullable(),
  /** The line of the student's code the message is about, if it names one. */
  line: z.number().int().nullable().default(null),
  warnings: z.array(z.string()).default([]),
  /** Only for visible tests: what went in, what was expected and what came out. */
  stdin: z.string().nullable(),
  expected_output: z.string().nullable(),
  actual_output: z.string().nullable(),
  /** Only for visible tests: each expected file and what the program left in it (null: not made, or not text). */
  files: z.array(z.object({ name: z.string(), expected: z.string(), actual: z.string().nullable() })).default([]),
  /** Only for visible tests: the files in the program's folder when it starts, and its command-line arguments. */
  input_files: z.array(z.object({ name: z.string(), content: z.string() })).default([]),
  args: z.array(z.string()).default([]),
});
export type TestResult = z.infer<typeof testResultSchema>;

export const runResultSchema = z.object({
  compile: compileResultSchema,
  run: runOutcomeSchema.nullable(),
  /**
   * A function exercise's Run: each visible example (a test that calls the student's functions) run as Submit runs
   * it, with its verdict; absent for a whole program, or when the code does not compile.
   */
  examples: z.array(testResultSchema).optional(),
});
export type RunResult = z.infer<typeof runResultSchema>;

/** A test's input box when nothing is typed: "(none)", unless the program reads a file or is given arguments. */
export function emptyInputText(test: { files: readonly unknown[]; args: readonly unknown[] }): string {
  if (test.files.length > 0)
    return `(nothing typed: the program reads ${test.files.length === 1 ? 'the input file' : 'the input files'} below)`;
  if (test.args.length > 0) return '(nothing typed: the program is given the arguments below)';
  return '(none)';
}

/** Command-line arguments as a shell would show them: quoted when empty or holding spaces or quotes. */
export const argumentsText = (args: readonly string[]) =>
  args.map((arg) => (/[\s"]/.test(arg) || !arg ? JSON.stringify(arg) : arg)).join(' ');

/**
 * Arguments typed as `argumentsText` shows them: words apart by spaces, or "quoted" (with \" and \\ inside) to hold
 * spaces or be empty. An unclosed quote runs to the end.
 */
export function parseArguments(text: string): string[] {
  const args: string[] = [];
  for (const [, quoted, bare] of text.matchAll(/"((?:[^"\\]|\\.)*)(?:"|$)|(\S+)/g))
    args.push(bare ?? quoted!.replace(/\\(.)/g, '$1'));
  return args;
}

export const gradeResultSchema = z.object({
  compile: compileResultSchema,
  score: z.number().int(),
  total: z.number().int(),
  tests: z.array(testResultSchema),
  /** A program with a penalty regime: which try this was, the percentage off, and the score before it. */
  penalty: z.object({ try: z.number().int(), percent: z.number(), score_before: z.number().int() }).optional(),
});
export type GradeResult = z.infer<typeof gradeResultSchema>;

export const submissionSummarySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  status: z.enum(['graded', 'compile_error']),
  score: z.number().int(),
  total: z.number().int(),
  /** Made after the program's deadline (still graded). */
  late: z.boolean(),
});
export type SubmissionSummary = z.infer<typeof submissionSummarySchema>;

export const submissionSchema = submissionSummarySchema.extend({ code: z.string(), result: gradeResultSchema });
export type Submission = z.infer<typeof submissionSchema>;
/** `/api/v1/student_programs/:id/submissions/:submissionId`. */
export const submissionParamsSchema = idParamsSchema.extend({ submissionId: recordIdSchema });

import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema, recordIdSchema } from './fields.js';
import { runInputSchema } from './exercises.js';
import { TRACE_LIMITS } from './trace.js';

/** A step of a run the student stepped through: what was run (code, input, files) and where they stopped. */
export const doubtStepSchema = runInputSchema.extend({
  step: z.number().int().min(0).max(TRACE_LIMITS.steps),
  line: z.number().int().min(0).max(100_000),
});
export type DoubtStep = z.output<typeof doubtStepSchema>;

/**
 * What the lists say of a doubt's run: where the student stopped and how big the run is, never its code, input or
 * files (up to 448 KB a doubt, which made the teacher's list 41 MB for 94 doubts). The teacher fetches the run
 * itself (`doubtRun`) when opening it.
 */
export const doubtRunSummarySchema = z.object({
  step: z.number(),
  line: z.number(),
  /** UTF-8 bytes of the code and of the input. */
  code_bytes: z.number(),
  stdin_bytes: z.number(),
  /** How many files the program was given, and their bytes together. */
  files: z.number(),
  files_bytes: z.number(),
});
export type DoubtRunSummary = z.infer<typeof doubtRunSummarySchema>;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** The summary stored beside a run when the doubt is asked. */
export function summariseRun(run: DoubtStep): DoubtRunSummary {
  return {
    step: run.step,
    line: run.line,
    code_bytes: utf8Bytes(run.code),
    stdin_bytes: utf8Bytes(run.stdin),
    files: run.files.length,
    files_bytes: run.files.reduce((sum, file) => sum + utf8Bytes(file.content), 0),
  };
}

export const doubtInputSchema = z.strictObject({
  question: z
    .string({ error: 'Please write your doubt' })
    .trim()
    .min(1, 'Please write your doubt')
    .max(4000, 'A doubt must be at most 4000 characters'),
  session_id: recordIdSchema.nullable().optional(),
  /** Asked from Step through: the run and the step it is about. */
  trace: doubtStepSchema.nullable().optional(),
});
export type DoubtInput = z.infer<typeof doubtInputSchema>;

export const doubtAnswerSchema = z.strictObject({
  answer: z
    .string({ error: 'Please write the answer' })
    .trim()
    .min(1, 'Please write the answer')
    .max(8000, 'An answer must be at most 8000 characters'),
});
export type DoubtAnswer = z.infer<typeof doubtAnswerSchema>;

export const doubtSchema = z.object({
  id: z.number(),
  session_id: z.number().nullable(),
  session_number: z.number().nullable(),
  question: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
  /** Asked from Step through: a summary of the run (the teacher fetches the run itself from `doubtRun`). */
  run: doubtRunSummarySchema.nullable(),
});
export type Doubt = z.infer<typeof doubtSchema>;

export const adminDoubtSchema = doubtSchema.extend({
  student_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type AdminDoubt = z.infer<typeof adminDoubtSchema>;

/** The Ask form: the session is a radio button's value, '' for a general doubt (no session). */
export const doubtFormSchema = doubtInputSchema.extend({
  session_id: z.preprocess((value) => (value === '' ? null : value), doubtInputSchema.shape.session_id),
});

export const doubtListSchema = z.array(doubtSchema);

export const adminDoubtListSchema = z.array(adminDoubtSchema);

export const doubtMessages = {
  noSuchDoubt: 'No such doubt.',
  noRun: 'This doubt was not asked from Step through: it has no run to open.',
} as const;

/** The endpoints of doubts asked and answered. */
export const doubtsEndpoints = endpoints({
  askDoubt: {
    method: 'POST',
    path: '/api/v1/doubts',
    access: 'student',
    body: doubtInputSchema,
    response: { 201: doubtSchema },
  },
  myDoubts: { method: 'GET', path: '/api/v1/doubts', access: 'student', response: { 200: doubtListSchema } },
  allDoubts: { method: 'GET', path: '/api/v1/admin/doubts', access: 'admin', response: { 200: adminDoubtListSchema } },
  /** The run of a doubt asked from Step through, for the teacher to open it at the student's step. */
  doubtRun: {
    method: 'GET',
    path: '/api/v1/admin/doubts/:id/run',
    access: 'admin',
    params: idParamsSchema,
    response: { 200: doubtStepSchema },
  },
  answerDoubt: {
    method: 'PATCH',
    path: '/api/v1/admin/doubts/:id',
    access: 'admin',
    params: idParamsSchema,
    body: doubtAnswerSchema,
    response: { 200: adminDoubtSchema },
  },
});

import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { MAX_RECORD_ID, idParamsSchema, recordIdSchema } from './fields.js';
import { runInputSchema } from './exercises/workspace.js';
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

export const doubtMessages = {
  noSuchDoubt: 'No such doubt.',
  noRun: 'This doubt was not asked from Step through: it has no run to open.',
  badCursor:
    'This is not a place in the list of doubts: use the "next" value of the page before (for example waiting-12 or answered-7).',
  badLimit: 'The number of doubts a page may hold is a whole number from 1 to 100.',
} as const;

/** Doubts a page of the teacher's list holds unless the call asks for fewer or more. */
export const DOUBT_PAGE_SIZE = 50;

/**
 * Where a page of the teacher's list starts: after the doubt `id`, waiting (unanswered, oldest first) or answered
 * (newest first). It names the group as well as the id so that a doubt answered while the teacher pages on does
 * not move the place: the pages after it hold exactly what was not shown yet.
 */
export interface DoubtCursor {
  answered: boolean;
  id: number;
}
export const doubtCursorText = ({ answered, id }: DoubtCursor) => `${answered ? 'answered' : 'waiting'}-${id}`;
const CURSOR = /^(waiting|answered)-([1-9][0-9]{0,9})$/;

/** `GET /api/v1/admin/doubts?after=<next of the page before>&limit=<n>`. */
export const adminDoubtListQuerySchema = z.object({
  after: z
    .string({ error: doubtMessages.badCursor })
    .regex(CURSOR, doubtMessages.badCursor)
    .refine((text) => Number(CURSOR.exec(text)?.[2]) <= MAX_RECORD_ID, doubtMessages.badCursor)
    .transform((text): DoubtCursor => {
      const [, group, id] = CURSOR.exec(text)!;
      return { answered: group === 'answered', id: Number(id) };
    })
    .optional(),
  limit: z.coerce
    .number({ error: doubtMessages.badLimit })
    .int(doubtMessages.badLimit)
    .min(1, doubtMessages.badLimit)
    .max(100, doubtMessages.badLimit)
    .default(DOUBT_PAGE_SIZE),
});

/** A page of the teacher's list, with the counts of the whole list (a page alone can't say how many wait). */
export const adminDoubtPageSchema = z.object({
  items: z.array(adminDoubtSchema),
  /** More doubts follow: ask for them with `after` = `next`. */
  has_more: z.boolean(),
  next: z.string().nullable(),
  /** Doubts waiting for an answer, and doubts in all. */
  waiting: z.number(),
  total: z.number(),
});
export type AdminDoubtPage = z.infer<typeof adminDoubtPageSchema>;

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
  allDoubts: {
    method: 'GET',
    path: '/api/v1/admin/doubts',
    access: 'admin',
    query: adminDoubtListQuerySchema,
    response: { 200: adminDoubtPageSchema },
  },
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

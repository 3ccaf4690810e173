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
  trace: doubtStepSchema.nullable(),
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
  answerDoubt: {
    method: 'PATCH',
    path: '/api/v1/admin/doubts/:id',
    access: 'admin',
    params: idParamsSchema,
    body: doubtAnswerSchema,
    response: { 200: adminDoubtSchema },
  },
});

/**
 * The student's workspace: the draft, Run and Submit, and what the page shows, with their endpoints.
 */
import { z } from 'zod';
import { endpoints } from '../endpoint.js';
import { idParamsSchema } from '../fields.js';
import { manualGradeSchema, rubricCriterionSchema } from '../grading.js';
import { timingSchema } from '../timed-work.js';
import { testCaseSchema } from './authoring.js';
import { EXERCISE_LIMITS, exerciseMessages } from './limits.js';
import { byteLength, testFilesSchema, codeSchema, stdinSchema, argsSchema } from './program-input.js';
import { runResultSchema, submissionSummarySchema, submissionSchema, submissionParamsSchema } from './results.js';
import { codeCommentSchema } from './supervision.js';

/** A draft may be empty (the student cleared the editor), but not too large. */
export const draftSchema = z.strictObject({
  code: z
    .string({ error: 'The draft is missing its code.' })
    .max(EXERCISE_LIMITS.codeMaxBytes, exerciseMessages.codeTooLarge)
    .refine((code) => byteLength(code) <= EXERCISE_LIMITS.codeMaxBytes, exerciseMessages.codeTooLarge),
});
export type DraftInput = z.infer<typeof draftSchema>;
export const draftSavedSchema = z.object({ saved_at: z.string() });
export type DraftSaved = z.infer<typeof draftSavedSchema>;

export const runInputSchema = z.strictObject({
  code: codeSchema,
  stdin: stdinSchema.default(''),
  /** What the program gets in argv after its name, as a test's arguments. */
  args: argsSchema,
  /** Files in the program's folder when it starts. */
  files: testFilesSchema('files'),
});
export type RunInput = z.input<typeof runInputSchema>;
export const submitInputSchema = z.strictObject({ code: codeSchema });
export type SubmitInput = z.infer<typeof submitInputSchema>;
export const workspaceSchema = z.object({
  id: z.number(),
  program_number: z.number(),
  task: z.string(),
  starter_code: z.string(),
  draft_code: z.string().nullable(),
  draft_saved_at: z.string().nullable(),
  solution: z.string().nullable(),
  closed: z.boolean(),
  visible_tests: z.array(
    testCaseSchema.pick({
      stdin: true,
      expected_output: true,
      points: true,
      checker: true,
      tolerance: true,
      args: true,
      files: true,
      expected_files: true,
      test_code: true,
    }),
  ),
  hidden_tests: z.number().int(),
  total_points: z.number().int(),
  /** A test that passes but leaks memory fails. */
  no_leaks: z.boolean(),
  /** Percentages off the second, third, … submission ("10, 20, ..."), or '' when every submission counts in full. */
  penalty_regime: z.string(),
  best_score: z.number().int().nullable(),
  /** The deadline (end of the due day on the course clock), or null. */
  due_at: z.string().nullable(),
  /** The best score was first reached after the deadline. */
  best_late: z.boolean(),
  comments: z.array(codeCommentSchema),
  submissions: z.array(submissionSummarySchema),
  /** What the teacher grades by hand ([] for none), and the grade once released. */
  rubric: z.array(rubricCriterionSchema),
  grade: manualGradeSchema.nullable(),
  /** The program's timed window for this student, or null when it is not timed. */
  timing: timingSchema.nullable(),
  /** The server's time as it answered: a countdown runs on it, not on a computer's clock that may be wrong. */
  now: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;
/** The endpoints of a student's work on a program: the draft, Run and Submit. */
export const workspaceEndpoints = endpoints({
  workspace: {
    method: 'GET',
    path: '/api/v1/student_programs/:id/workspace',
    access: 'student',
    params: idParamsSchema,
    response: { 200: workspaceSchema },
  },
  saveDraft: {
    method: 'PUT',
    path: '/api/v1/student_programs/:id/draft',
    access: 'student',
    timedWork: true,
    params: idParamsSchema,
    body: draftSchema,
    response: { 200: draftSavedSchema },
  },
  run: {
    method: 'POST',
    path: '/api/v1/student_programs/:id/run',
    access: 'student',
    timedWork: true,
    params: idParamsSchema,
    body: runInputSchema,
    response: { 200: runResultSchema },
  },
  submit: {
    method: 'POST',
    path: '/api/v1/student_programs/:id/submissions',
    access: 'student',
    timedWork: true,
    params: idParamsSchema,
    body: submitInputSchema,
    response: { 201: submissionSchema },
  },
  submission: {
    method: 'GET',
    path: '/api/v1/student_programs/:id/submissions/:submissionId',
    access: 'student',
    params: submissionParamsSchema,
    response: { 200: submissionSchema },
  },
  workspaceStream: {
    method: 'GET',
    path: '/api/v1/student_programs/:id/stream',
    access: 'student',
    params: idParamsSchema,
  },
});

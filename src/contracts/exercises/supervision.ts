/**
 * The teacher's live view of students' programs: comments on a line, the supervision list, live changes and a
 * student's code, with their endpoints.
 */
import { z } from 'zod';
import { endpoints } from '../endpoint.js';
import { idParamsSchema } from '../fields.js';
import { manualGradeSchema, rubricCriterionSchema } from '../grading.js';
import { EXERCISE_LIMITS } from './limits.js';
import { submissionSummarySchema } from './results.js';

export const commentInputSchema = z.strictObject({
  line: z.coerce
    .number({ error: 'Line must be a number' })
    .int('Line must be a whole number')
    .min(1, 'Line must be 1 or more')
    .max(100_000, 'There is no such line'),
  body: z
    .string({ error: 'Write a comment.' })
    .trim()
    .min(1, 'Write a comment.')
    .max(EXERCISE_LIMITS.commentMaxChars, 'A comment must be at most 2000 characters.'),
});
export type CommentInput = z.input<typeof commentInputSchema>;

/** The code a comment was written on: the student's draft, or the solution they submitted. */
export const commentSources = ['draft', 'solution'] as const;
export type CommentSource = (typeof commentSources)[number];

export const codeCommentSchema = z.object({
  id: z.number(),
  /** The line it was written on, numbered as the code read then. */
  line: z.number().int(),
  body: z.string(),
  author: z.string(),
  created_at: z.string(),
  /** What that line read when the comment was written; null for comments older than this record. */
  line_text: z.string().nullable(),
  /** The code it was written on; null for older comments. */
  written_on: z.enum(commentSources).nullable(),
  /** Where that line is in the code as it is now (moved with the lines around it); null once it changed: outdated. */
  now_line: z.number().int().nullable(),
});
export type CodeComment = z.infer<typeof codeCommentSchema>;

/** A line too plain to follow when it moves ("}", a blank line): it counts only where it was. */
const PLAIN_LINE = /^[\s{}();]*$/;

/**
 * Where a comment's line is in the code now, as code review tools anchor a comment to the code it was written on:
 * the same line if it still reads the same, else that text where it moved (the nearest, if it is there more than
 * once), else null: the line changed and the comment is outdated. Comments older than this record stay put.
 */
export function anchorComment(code: string, comment: { line: number; line_text: string | null }): number | null {
  if (comment.line_text === null) return comment.line;
  const lines = code.split('\n').map((text) => text.trimEnd());
  const text = comment.line_text.trimEnd();
  if (lines[comment.line - 1] === text) return comment.line;
  if (PLAIN_LINE.test(text)) return null;
  const found = lines.flatMap((line, index) => (line === text ? [index + 1] : []));
  if (found.length === 0) return null;
  return found.reduce((best, n) => (Math.abs(n - comment.line) < Math.abs(best - comment.line) ? n : best));
}

/**
 * How a comment whose line changed since is introduced (after an "Outdated" mark): the line as it read, so the
 * comment still makes sense.
 */
export const outdatedCommentText = (comment: { line: number; line_text: string | null; written_on: string | null }) =>
  `Line ${comment.line} of the ${comment.written_on === 'solution' ? 'submitted solution' : 'draft'} ` +
  `read “${(comment.line_text ?? '').trim()}”, and has changed since.`;

export const supervisionRowSchema = z.object({
  student_program_id: z.number(),
  student_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  draft_saved_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  last_run_summary: z.string().nullable(),
  best_score: z.number().int().nullable(),
  best_total: z.number().int().nullable(),
  submissions: z.number().int(),
  comments: z.number().int(),
  /** The grade by hand, if any: its score and whether the student can see it. */
  grade: z.object({ score: z.number().int(), total: z.number().int(), released: z.boolean() }).nullable(),
  /** Extra minutes this student has on the program's timed window. */
  extra_minutes: z.number().int(),
});
export type SupervisionRow = z.infer<typeof supervisionRowSchema>;
export const supervisionListSchema = z.array(supervisionRowSchema);

/** The admin's supervision of one program, of one batch or of everyone. */
export const supervisionQuerySchema = z.object({
  program_number: z.coerce.number().int().positive().max(100_000),
  student_batch: z.coerce.number().int().positive().max(100_000).optional(),
});
export type SupervisionQuery = z.infer<typeof supervisionQuerySchema>;

/**
 * Live supervision by server-sent events: each `changes` event names the student programs that changed since the
 * last one (a stream gathers a burst into one event) and how, so the page refetches just what it shows.
 */
export const LIVE_CHANGE_KINDS = ['draft', 'run', 'submission', 'comment', 'grade'] as const;
export const liveChangeSchema = z.object({
  student_program_id: z.number().int(),
  kind: z.enum(LIVE_CHANGE_KINDS),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;
/** The data of a `changes` event; an empty list (after a lost connection) means "refetch everything". */
export const liveChangesSchema = z.object({ changes: z.array(liveChangeSchema) });
export type LiveChanges = z.infer<typeof liveChangesSchema>;

export const studentCodeSchema = z.object({
  student_program_id: z.number(),
  program_number: z.number(),
  task: z.string(),
  student: z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  code: z.string(),
  /** Where the code shown comes from. */
  source: z.enum(['draft', 'solution', 'none']),
  draft_saved_at: z.string().nullable(),
  last_run_summary: z.string().nullable(),
  comments: z.array(codeCommentSchema),
  submissions: z.array(submissionSummarySchema),
  best_score: z.number().int().nullable(),
  best_total: z.number().int().nullable(),
  rubric: z.array(rubricCriterionSchema),
  /** The teacher's grade by rubric (released or not), or null. */
  grade: manualGradeSchema.nullable(),
});
export type StudentCode = z.infer<typeof studentCodeSchema>;

/** The endpoints of the teacher's live supervision and comments. */
export const supervisionEndpoints = endpoints({
  supervision: {
    method: 'GET',
    path: '/api/v1/admin/supervision',
    access: 'admin',
    query: supervisionQuerySchema,
    response: { 200: supervisionListSchema },
  },
  supervisionStream: {
    method: 'GET',
    path: '/api/v1/admin/supervision/stream',
    access: 'admin',
    query: supervisionQuerySchema,
  },
  studentCode: {
    method: 'GET',
    path: '/api/v1/admin/student_programs/:id/code',
    access: 'admin',
    params: idParamsSchema,
    response: { 200: studentCodeSchema },
  },
  comment: {
    method: 'POST',
    path: '/api/v1/admin/student_programs/:id/comments',
    access: 'admin',
    params: idParamsSchema,
    body: commentInputSchema,
    response: { 201: codeCommentSchema },
  },
});

import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema } from './fields.js';
import { batchNumberSchema } from './course-content.js';
import { studentStatusNames } from './course.js';
import { submissionSummarySchema } from './exercises/results.js';
import { codeCommentSchema } from './exercises/supervision.js';
import { formatManualScore } from './grading.js';

/**
 * The teacher's gradebook of a batch (one row per student: attendance, each program's best score, the best quiz
 * score, the status) and one student's work (code, submissions, comments), shapes and messages shared by the API
 * and the admin's screens.
 */

export const gradebookMessages = {
  noBatch: (batch: number) => `There is no batch ${batch}: create it under Create Batch first.`,
  emptyBatch: (batch: number) => `No students in batch ${batch} yet.`,
  noBatches: 'No batches yet: create one under Create Batch.',
} as const;

/** `/api/v1/admin/batches/:batch/gradebook` (and `.csv`). */
export const gradebookParamsSchema = z.object({ batch: batchNumberSchema });

export const gradebookCellSchema = z.object({
  best_score: z.number().int().nullable(),
  best_total: z.number().int().nullable(),
  /** The best score was first reached after the deadline. */
  late: z.boolean(),
  /** A solution or a graded run was handed in. */
  submitted: z.boolean(),
  /** The teacher's grade by rubric, and whether the student can see it yet; null when not graded by hand. */
  manual: z.object({ score: z.number().int(), total: z.number().int(), released: z.boolean() }).nullable(),
});
export type GradebookCell = z.infer<typeof gradebookCellSchema>;

export const gradebookRowSchema = z.object({
  student_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: z.enum(studentStatusNames),
  /** Classes of the batch attended (present or late) of those held (ended); percent is null before any is held. */
  attendance: z.object({ attended: z.number().int(), held: z.number().int(), percent: z.number().int().nullable() }),
  /** By program number; null: the program was sent to the batch but not to this student. */
  programs: z.record(z.string(), gradebookCellSchema.nullable()),
  /** The best quiz attempt; null: no attempt. */
  quiz: z.object({ best: z.number().int(), total: z.number().int() }).nullable(),
});
export type GradebookRow = z.infer<typeof gradebookRowSchema>;

export const gradebookSchema = z.object({
  batch: z.number(),
  /** The program numbers sent to the batch's students, in order. */
  programs: z.array(z.number()),
  sessions_held: z.number().int(),
  rows: z.array(gradebookRowSchema),
});
export type Gradebook = z.infer<typeof gradebookSchema>;

/**
 * "8/10", with " (late)" when the best score came after the deadline, then the grade by hand ("; 7/10 by hand");
 * "" when not sent, "not submitted" when none.
 */
export function formatGradebookCell(cell: GradebookCell | null | undefined): string {
  if (!cell) return '';
  const manual = cell.manual ? formatManualScore(cell.manual, true) : '';
  if (cell.best_score === null || cell.best_total === null)
    return manual || (cell.submitted ? 'submitted' : 'not submitted');
  return `${cell.best_score}/${cell.best_total}${cell.late ? ' (late)' : ''}${manual ? `; ${manual}` : ''}`;
}

/** `/api/v1/admin/students/:id/work`: each program with its runs (as the student's workspace lists them). */
export const workProgramSchema = z.object({
  student_program_id: z.number(),
  program_number: z.number(),
  task: z.string(),
  due_at: z.string().nullable(),
  best_score: z.number().int().nullable(),
  best_total: z.number().int().nullable(),
  best_late: z.boolean(),
  /** The draft when there is one, else the handed-in solution, else empty. */
  code: z.string(),
  source: z.enum(['draft', 'solution', 'none']),
  submitted_at: z.string().nullable(),
  submissions: z.array(submissionSummarySchema),
  comments: z.array(codeCommentSchema),
});
export type WorkProgram = z.infer<typeof workProgramSchema>;

export const studentWorkSchema = z.object({
  student: z.object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    batch: z.number().nullable(),
    status: z.enum(studentStatusNames),
  }),
  programs: z.array(workProgramSchema),
});
export type StudentWork = z.infer<typeof studentWorkSchema>;

/** The endpoints of the gradebook. */
export const gradebookEndpoints = endpoints({
  gradebook: {
    method: 'GET',
    path: '/api/v1/admin/batches/:batch/gradebook',
    access: 'admin',
    params: gradebookParamsSchema,
    response: { 200: gradebookSchema },
  },
  gradebookCsv: {
    method: 'GET',
    path: '/api/v1/admin/batches/:batch/gradebook.csv',
    access: 'admin',
    params: gradebookParamsSchema,
  },
  studentWork: {
    method: 'GET',
    path: '/api/v1/admin/students/:id/work',
    access: 'admin',
    params: idParamsSchema,
    response: { 200: studentWorkSchema },
  },
});

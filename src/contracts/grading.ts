import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema, wholeNumberSchema } from './fields.js';
import { batchNumberSchema, programNumberSchema } from './course-content.js';

/**
 * Grading by hand: a program's rubric (criteria with points), the teacher's grade of a student's program against
 * it (with the existing comments on lines), and releasing grades, one at once or all of a program together. The
 * student sees the rubric always and the grade once it is released. Shared by the API and both audiences' screens.
 */

export const RUBRIC_LIMITS = { maxCriteria: 12, maxPoints: 100, titleMaxChars: 200, feedbackMaxChars: 4000 } as const;

export const gradingMessages = {
  scoresCount: (criteria: number) =>
    criteria === 0
      ? 'This program has no rubric: add criteria in its test cases editor first.'
      : `Give points for each of the ${criteria} criteria.`,
  overMax: (title: string, max: number) => `“${title}” is out of ${max} points.`,
  noneToRelease: 'There are no unreleased grades for this program.',
  /** The student's workspace, once a grade is released while the program still takes work (a timed window open). */
  mayChange: (score: number, total: number) =>
    `Your teacher has graded this program (${score}/${total}). You can still change your code and submit until it ` +
    'closes, but your teacher may then look at it again, and the grade may change.',
} as const;

export const rubricCriterionSchema = z.strictObject({
  title: z
    .string({ error: 'Name each criterion.' })
    .trim()
    .min(1, 'Name each criterion.')
    .max(RUBRIC_LIMITS.titleMaxChars, `A criterion must be at most ${RUBRIC_LIMITS.titleMaxChars} characters.`),
  points: wholeNumberSchema(
    `A criterion is worth a whole number of points from 1 to ${RUBRIC_LIMITS.maxPoints}.`,
    1,
    RUBRIC_LIMITS.maxPoints,
  ),
});
export type RubricCriterion = z.infer<typeof rubricCriterionSchema>;
export const rubricSchema = z
  .array(rubricCriterionSchema)
  .max(RUBRIC_LIMITS.maxCriteria, `At most ${RUBRIC_LIMITS.maxCriteria} criteria.`);
export type Rubric = z.infer<typeof rubricSchema>;

export const rubricTotal = (rubric: readonly { points: number }[]): number =>
  rubric.reduce((sum, criterion) => sum + criterion.points, 0);

/** One criterion as graded: its title and worth when graded, and the points given. */
export const criterionScoreSchema = z.object({ title: z.string(), max: z.number().int(), points: z.number().int() });
export type CriterionScore = z.infer<typeof criterionScoreSchema>;

export const manualGradeSchema = z.object({
  scores: z.array(criterionScoreSchema),
  score: z.number().int(),
  total: z.number().int(),
  feedback: z.string(),
  graded_by: z.string(),
  graded_at: z.string(),
  /** Null while only the teacher sees it. */
  released_at: z.string().nullable(),
});
export type ManualGrade = z.infer<typeof manualGradeSchema>;

/** `PUT /api/v1/admin/student_programs/:id/grade`: points per criterion, in the rubric's order. */
export const gradeInputSchema = z.strictObject({
  scores: z
    .array(wholeNumberSchema('Give each criterion a whole number of points, 0 or more.', 0, RUBRIC_LIMITS.maxPoints), {
      error: 'Give the points as a list, one per criterion.',
    })
    .max(RUBRIC_LIMITS.maxCriteria, `At most ${RUBRIC_LIMITS.maxCriteria} criteria.`),
  feedback: z
    .string({ error: 'Feedback must be text.' })
    .trim()
    .max(RUBRIC_LIMITS.feedbackMaxChars, `Feedback must be at most ${RUBRIC_LIMITS.feedbackMaxChars} characters.`)
    .default(''),
  /** Release it to the student now (a released grade stays released when changed). */
  release: z.boolean({ error: 'Release must be true or false.' }).default(false),
});
export type GradeInput = z.input<typeof gradeInputSchema>;

/** `POST /api/v1/admin/grades/release`: every unreleased grade of a program, in one batch or all. */
export const releaseGradesInputSchema = z.strictObject({
  program_number: programNumberSchema,
  student_batch: batchNumberSchema.optional(),
});
export type ReleaseGradesInput = z.input<typeof releaseGradesInputSchema>;
export const releasedGradesSchema = z.object({ released: z.number().int() });

/** "7/10 by hand" and, for the teacher, whether the student can see it yet. */
export function formatManualScore(grade: { score: number; total: number; released: boolean }, forTeacher: boolean) {
  return `${grade.score}/${grade.total} by hand${forTeacher && !grade.released ? ' (not released)' : ''}`;
}

export const gradingEndpoints = endpoints({
  saveGrade: {
    method: 'PUT',
    path: '/api/v1/admin/student_programs/:id/grade',
    access: 'admin',
    params: idParamsSchema,
    body: gradeInputSchema,
    response: { 200: manualGradeSchema },
  },
  releaseGrades: {
    method: 'POST',
    path: '/api/v1/admin/grades/release',
    access: 'admin',
    body: releaseGradesInputSchema,
    response: { 200: releasedGradesSchema },
  },
});

/**
 * The teacher's side of an exercise: its tests and how each is checked, the rubric, CodeRunner's grading, and the
 * exercise bank's import and export, with their endpoints.
 */
import { z } from 'zod';
import { endpoints } from '../endpoint.js';
import { idParamsSchema } from '../fields.js';
import { checkerKinds, DEFAULT_CHECKER, DEFAULT_TOLERANCE, outputPattern } from '../checkers.js';
import { coderunnerPattern } from '../coderunner-graders.js';
import { rubricCriterionSchema, rubricSchema } from '../grading.js';
import { taskSchema } from '../course-content.js';
import { normalPenaltyRegime, penaltyRegimeError } from '../penalty-regime.js';
import { testShownWhen, EXERCISE_LIMITS, exerciseMessages } from './limits.js';
import {
  byteLength,
  programFileSchema,
  testFilesSchema,
  codeSchema,
  stdinSchema,
  argsSchema,
} from './program-input.js';
import { gradeResultSchema } from './results.js';

export const testCaseInputSchema = z
  .strictObject({
    stdin: stdinSchema.default(''),
    expected_output: z
      .string({ error: 'Expected output is required.' })
      .max(EXERCISE_LIMITS.expectedMaxBytes, 'The expected output must be at most 64 KB.')
      .refine(
        (text) => byteLength(text) <= EXERCISE_LIMITS.expectedMaxBytes,
        'The expected output must be at most 64 KB.',
      ),
    visible: z.boolean().default(true),
    /** When a visible test's result is shown in full: always, or only when it passes, or only when it fails. */
    shown: z.enum(testShownWhen, { error: 'Choose when the test is shown.' }).default('always'),
    /** When this test fails, the results of the tests after it are shown as hidden ones. */
    hide_rest_if_fail: z.boolean({ error: 'Hide the rest must be true or false.' }).default(false),
    points: z.coerce
      .number({ error: 'Points must be a number' })
      .int('Points must be a whole number')
      .min(0, 'Points must be 0 or more')
      .max(EXERCISE_LIMITS.maxPoints, 'Points must be at most 100')
      .default(1),
    checker: z.enum(checkerKinds, { error: 'Choose how the output is checked.' }).default(DEFAULT_CHECKER),
    tolerance: z.coerce
      .number({ error: 'The tolerance must be a number' })
      .min(0, 'The tolerance must be 0 or more')
      .max(1e9, 'The tolerance is too large')
      .default(DEFAULT_TOLERANCE),
    /** What the program gets in argv after its name. */
    args: argsSchema,
    /** Files in the program's folder when it starts. */
    files: testFilesSchema('input files'),
    /** Files the program must leave behind, each checked like the output. */
    expected_files: testFilesSchema('expected files'),
    /**
     * For a function exercise: C statements that call the student's functions and check them with `assert(…)` or
     * `assert_eq(actual, expected)`; empty for a whole program with its own main.
     */
    test_code: z
      .string({ error: 'The test code must be text.' })
      .max(EXERCISE_LIMITS.testCodeMaxBytes, 'The test code must be at most 16 KB.')
      .refine((text) => byteLength(text) <= EXERCISE_LIMITS.testCodeMaxBytes, 'The test code must be at most 16 KB.')
      .default(''),
  })
  .superRefine((test, context) => {
    if (test.checker !== 'regex' && test.checker !== 'regex_search') return;
    try {
      if (test.checker === 'regex') outputPattern(test.expected_output);
      else coderunnerPattern(test.expected_output);
    } catch (error) {
      context.addIssue({
        code: 'custom',
        path: ['expected_output'],
        message: `The pattern is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
export type TestCaseInput = z.input<typeof testCaseInputSchema>;

/**
 * For tests checked "by the checker program": C that reads input.txt, expected.txt and actual.txt and prints pass
 * or fail on its first line, then what to tell the student. Without a default, so "not sent" stays undefined where
 * it means "the saved one" (Try).
 */
const checkerCodeSchema = z
  .string({ error: 'The checker program must be text.' })
  .max(EXERCISE_LIMITS.codeMaxBytes, 'The checker program must be at most 64 KB.');

export const exerciseInputSchema = z
  .strictObject({
    starter_code: z
      .string()
      .max(EXERCISE_LIMITS.codeMaxBytes, 'The starter code must be at most 64 KB.')
      .refine((code) => byteLength(code) <= EXERCISE_LIMITS.codeMaxBytes, 'The starter code must be at most 64 KB.')
      .default(''),
    /** Left as they are when not sent (a save of the rubric alone keeps them). */
    tests: z.array(testCaseInputSchema).max(EXERCISE_LIMITS.maxTests, 'At most 50 test cases.').optional(),
    /** A test that passes but leaves memory unfreed at exit fails; otherwise a leak is only a warning. */
    no_leaks: z.boolean({ error: 'No leaks must be true or false.' }).default(false),
    checker_code: checkerCodeSchema.default(''),
    /** What the program practises ("Pointers", "File handling"); '' for none. Left as it is when not sent. */
    topic: z
      .string({ error: 'The topic must be text.' })
      .trim()
      .max(60, 'A topic must be at most 60 characters.')
      .optional(),
    /** The teacher's own solution, kept with the tests (never shown to students); left as it is when not sent. */
    reference_solution: z
      .string({ error: 'The reference solution must be text.' })
      .max(EXERCISE_LIMITS.codeMaxBytes, 'The reference solution must be at most 64 KB.')
      .refine(
        (code) => byteLength(code) <= EXERCISE_LIMITS.codeMaxBytes,
        'The reference solution must be at most 64 KB.',
      )
      .optional(),
    /** The criteria the teacher grades by hand; left as they are when not sent. */
    rubric: rubricSchema.optional(),
  })
  .superRefine((exercise, context) => {
    if ((exercise.tests ?? []).some((test) => test.checker === 'program') && !exercise.checker_code.trim())
      context.addIssue({
        code: 'custom',
        path: ['checker_code'],
        message: exerciseMessages.checkerProgramMissing,
      });
  });
export type ExerciseInput = z.input<typeof exerciseInputSchema>;

/**
 * How a question imported from CodeRunner is graded, as on Moodle (issue 45): its template (Twig: the built-in
 * c_function or c_program prototype's, or the question's own) makes each test's program, or one program for all the
 * tests when it is a combinator; its template parameters (QUESTION.parameters, and as variables when hoisted); and
 * "all or nothing".
 */
export const coderunnerGradingSchema = z
  .strictObject({
    template: z.string().max(EXERCISE_LIMITS.codeMaxBytes, 'The template must be at most 64 KB.'),
    combinator: z.boolean(),
    parameters: z.record(z.string(), z.unknown()).default({}),
    hoist: z.boolean().default(false),
    all_or_nothing: z.boolean().default(false),
    /** Percentages off the second, third, … submission ("10, 20, ..."); '' for none. */
    penalty_regime: z
      .string()
      .max(200, penaltyRegimeError)
      .refine((regime) => regime.trim() === '' || normalPenaltyRegime(regime) !== null, penaltyRegimeError)
      .transform((regime) => (regime.trim() === '' ? '' : normalPenaltyRegime(regime)!))
      .default(''),
    /**
     * CodeRunner's TemplateGrader: each test's program (made by the template) grades itself and prints its verdict
     * as JSON (`{"fraction": 1, "got": "…"}`); the tests' own checkers are not used.
     */
    template_grader: z.boolean().default(false),
    /**
     * Points per Moodle mark: 10 when the question's marks are counted in tenths (fractional marks, a penalty
     * regime, a template grader's part marks), else 1. A template sees TEST.mark in marks, as on Moodle.
     */
    mark_scale: z.union([z.literal(1), z.literal(10)]).default(1),
  })
  .refine((grading) => !(grading.template_grader && grading.combinator), {
    message: 'A template grader here grades one test at a time, so its template cannot be a combinator.',
    path: ['template_grader'],
  });
export type CoderunnerGrading = z.infer<typeof coderunnerGradingSchema>;

/** The exercise bank's own file: programs with their tests, as Export writes them and Import reads them. */
export const BANK_FORMAT = 'c-course-exercises';
export const bankProgramSchema = z.strictObject({
  task: taskSchema,
  starter_code: exerciseInputSchema.shape.starter_code,
  reference_solution: z
    .string()
    .max(EXERCISE_LIMITS.codeMaxBytes, 'The reference solution must be at most 64 KB.')
    .default(''),
  no_leaks: exerciseInputSchema.shape.no_leaks,
  checker_code: exerciseInputSchema.shape.checker_code,
  topic: exerciseInputSchema.shape.topic,
  tests: exerciseInputSchema.shape.tests.unwrap().default([]),
  rubric: rubricSchema.default([]),
  coderunner: coderunnerGradingSchema.nullable().default(null),
});
export type BankProgram = z.infer<typeof bankProgramSchema>;
export const bankFileSchema = z.strictObject({
  format: z.literal(BANK_FORMAT, { error: `This is not a ${BANK_FORMAT} file.` }),
  version: z.literal(1, { error: 'This file is of a version this site cannot read.' }),
  programs: z.array(bankProgramSchema).max(200, 'At most 200 programs in one file.'),
});
export type BankFile = z.infer<typeof bankFileSchema>;

/**
 * Import: a bank file's text (this site's JSON, or Moodle XML with CodeRunner questions), or the files of a Dodona
 * exercise folder (each with its path inside the folder chosen), 4 MB in all.
 */
export const BANK_FILE_MAX_BYTES = 4 * 1024 * 1024;
/**
 * What one import may add: programs, and the size of each with its tests (what the editor's save could send). And
 * what reading a file may take, in a thread of its own: its time (a 4 MB file reads in a few seconds) and its heap.
 */
export const IMPORT_LIMITS = {
  maxPrograms: 200,
  programMaxBytes: 1024 * 1024,
  readMs: 30_000,
  readHeapMb: 256,
} as const;
/** What the teacher is told when a file could not be read at all (a question that could not is listed instead). */
export const importMessages = {
  tooSlow: `Reading this file took over ${IMPORT_LIMITS.readMs / 1000} seconds, so it was stopped. Split it into smaller files and import each.`,
  tooLarge: 'Reading this file needed more memory than an import may use. Split it into smaller files and import each.',
  failed:
    'This file could not be read: the reader stopped unexpectedly. Check that it is an export of one of the formats listed.',
  busy: 'Other imports are being read. Please try again in a minute.',
  stopping: 'The server is restarting. Please import the file again in a minute.',
} as const;
export const FOLDER_MAX_FILES = 2000;
const tooLarge = 'The file must be at most 4 MB.';
export const importInputSchema = z
  .strictObject({
    content: z.string({ error: 'Choose a file to import.' }).max(BANK_FILE_MAX_BYTES, tooLarge).optional(),
    files: z
      .array(
        z.strictObject({
          path: z.string({ error: 'Each file needs its path.' }).min(1, 'Each file needs its path.').max(500),
          content: z.string({ error: 'Each file needs its text.' }).max(BANK_FILE_MAX_BYTES, tooLarge),
        }),
        { error: 'The folder must be a list of files.' },
      )
      .max(FOLDER_MAX_FILES, `At most ${FOLDER_MAX_FILES} files in a folder.`)
      .optional(),
  })
  .refine((input) => (input.content ? 1 : 0) + (input.files?.length ? 1 : 0) === 1, {
    message: 'Choose a file or a folder to import.',
  })
  .refine((input) => (input.files ?? []).reduce((sum, file) => sum + file.content.length, 0) <= BANK_FILE_MAX_BYTES, {
    message: 'The folder must be at most 4 MB.',
  });
export type ImportInput = z.infer<typeof importInputSchema>;
export const importSkippedSchema = z.object({ name: z.string(), reason: z.string() });
export type ImportSkipped = z.infer<typeof importSkippedSchema>;
export const importResultSchema = z.object({
  imported: z.array(z.object({ id: z.number(), program_number: z.number(), task: z.string(), tests: z.number() })),
  skipped: z.array(importSkippedSchema),
  /** What imported questions had that is not carried over (a CodeRunner penalty regime, a precheck test…). */
  dropped: z.array(importSkippedSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const tryInputSchema = z.strictObject({
  code: codeSchema,
  tests: z.array(testCaseInputSchema).max(EXERCISE_LIMITS.maxTests, 'At most 50 test cases.').optional(),
  /** As the program's saved setting when left out. */
  no_leaks: z.boolean({ error: 'No leaks must be true or false.' }).optional(),
  /** As the program's saved checker program when left out. */
  checker_code: checkerCodeSchema.optional(),
});
export type TryInput = z.input<typeof tryInputSchema>;

export const testCaseSchema = z.object({
  stdin: z.string(),
  expected_output: z.string(),
  visible: z.boolean(),
  shown: z.enum(testShownWhen),
  hide_rest_if_fail: z.boolean(),
  points: z.number().int(),
  checker: z.enum(checkerKinds),
  tolerance: z.number(),
  args: z.array(z.string()),
  files: z.array(programFileSchema),
  expected_files: z.array(programFileSchema),
  test_code: z.string(),
});
export type TestCase = z.infer<typeof testCaseSchema>;

export const exerciseSchema = z.object({
  program_id: z.number(),
  program_number: z.number(),
  task: z.string(),
  starter_code: z.string(),
  tests: z.array(testCaseSchema),
  no_leaks: z.boolean(),
  checker_code: z.string(),
  reference_solution: z.string(),
  topic: z.string(),
  rubric: z.array(rubricCriterionSchema),
  /** How Moodle graded it, for a question imported from CodeRunner; null for the site's own programs. */
  coderunner: coderunnerGradingSchema.nullable(),
});
export type Exercise = z.infer<typeof exerciseSchema>;
/** The endpoints of writing an exercise's tests and of the exercise bank. */
export const authoringEndpoints = endpoints({
  exercise: {
    method: 'GET',
    path: '/api/v1/programs/:id/exercise',
    access: 'admin',
    params: idParamsSchema,
    response: { 200: exerciseSchema },
  },
  saveExercise: {
    method: 'PUT',
    path: '/api/v1/programs/:id/exercise',
    access: 'admin',
    params: idParamsSchema,
    body: exerciseInputSchema,
    response: { 200: exerciseSchema },
  },
  exportExercise: {
    method: 'GET',
    path: '/api/v1/programs/:id/exercise/export',
    access: 'admin',
    params: idParamsSchema,
    response: { 200: bankFileSchema },
  },
  importExercises: {
    method: 'POST',
    path: '/api/v1/programs/import',
    access: 'admin',
    body: importInputSchema,
    response: { 201: importResultSchema },
  },
  tryReference: {
    method: 'POST',
    path: '/api/v1/programs/:id/exercise/try',
    access: 'admin',
    params: idParamsSchema,
    body: tryInputSchema,
    response: { 200: gradeResultSchema },
  },
});

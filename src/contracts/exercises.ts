/**
 * C exercises graded on the server: test cases, the student's workspace (draft, runs, submissions, the teacher's
 * comments) and the teacher's live supervision. Shapes, limits and messages, shared by the API and the web app.
 */
import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema, recordIdSchema } from './fields.js';
import { checkerKinds, DEFAULT_CHECKER, DEFAULT_TOLERANCE, outputPattern } from './checkers.js';
import { coderunnerPattern } from './coderunner-graders.js';
import { problemKinds } from './run-problems.js';
import { manualGradeSchema, rubricCriterionSchema, rubricSchema } from './grading.js';
import { timingSchema } from './timed-work.js';
import { taskSchema } from './course-content.js';
import { normalPenaltyRegime, penaltyRegimeError } from './penalty-regime.js';

/**
 * When a visible test's result is shown to the student in full (input, expected and actual output): always, only
 * when it passes, or only when it fails — CodeRunner's SHOW, HIDE_IF_FAIL and HIDE_IF_SUCCEED. Otherwise it is
 * shown as a hidden test is: its verdict only.
 */
export const testShownWhen = ['always', 'when_passed', 'when_failed'] as const;
export type TestShownWhen = (typeof testShownWhen)[number];

/** A test students see before they submit (an example): visible and shown whatever its result. */
export const isExample = (test: { visible: boolean; shown: TestShownWhen }) => test.visible && test.shown === 'always';

/** Whether a test's result is shown in full, given whether it passed and whether an earlier test hid the rest. */
export const shownInFull = (
  test: { visible: boolean; shown: TestShownWhen },
  passed: boolean,
  restHidden: boolean,
): boolean => test.visible && !restHidden && (test.shown === 'always' || (test.shown === 'when_passed') === passed);

export const EXERCISE_LIMITS = {
  codeMaxBytes: 64 * 1024,
  stdinMaxBytes: 64 * 1024,
  expectedMaxBytes: 64 * 1024,
  maxTests: 50,
  maxPoints: 100,
  /** Per test (and per Run). */
  timeLimitMs: 2000,
  /** What a program may print; more is cut off and reported as an output limit. */
  outputMaxBytes: 64 * 1024,
  /** What a program's data and heap may use. */
  memoryMaxBytes: 64 * 1024 * 1024,
  /** The program's stack, as large as a native program's usually is. */
  stackBytes: 8 * 1024 * 1024,
  commentMaxChars: 2000,
  testCodeMaxBytes: 16 * 1024,
  /** Command-line arguments of one test: how many, and how long each. */
  maxArgs: 20,
  argMaxChars: 200,
} as const;

/** A run's private folder (the sandbox's files): what a test may give, and what a program may make. */
export const FILE_LIMITS = {
  /** Files in the folder at once, given and created. */
  maxFiles: 16,
  /** Files a program may have open at once. */
  maxOpen: 16,
  fileMaxBytes: 64 * 1024,
  totalMaxBytes: 512 * 1024,
  /** Input files, and expected files, of one test case. */
  maxTestFiles: 5,
  nameMaxChars: 64,
} as const;

export const exerciseMessages = {
  checkerProgramMissing: 'A test is checked by the checker program: write the checker program.',
  /** Saving an exercise whose checker program does not compile. */
  checkerNotCompiling: (line: number, message: string) =>
    `The checker program does not compile (line ${line}: ${message}). Fix it before saving: the tests it checks would not be checked.`,
  /** Saving an exercise whose checker program, tried on a test, gave no verdict (`reason` ends with a full stop). */
  checkerNotJudging: (test: number, against: 'reference' | 'expected', reason: string) =>
    `The checker program was tried on test ${test} with ${against === 'reference' ? 'the reference solution’s output' : 'its expected output'} and gave no verdict: it ${reason} Fix it before saving: the tests it checks would not be checked.`,
  emptyCode: 'Write some code first.',
  codeTooLarge: 'The program must be at most 64 KB.',
  busy: 'You already have a program compiling or running. Please wait for it to finish.',
  noTests: 'This program has no test cases yet, so it can’t be graded. Use Run to try it.',
  closed: 'This program is closed: your teacher no longer accepts submissions.',
  graderDown: 'The grader is not available right now. Please try again in a minute.',
  notFound: 'No such program.',
  /** The teacher named a student's copy of a program that does not exist. */
  noSuchStudentProgram: 'No such student program.',
  tooManyStreams: 'Too many live views open for this account: close a tab and try again.',
  /** Compiles have a CPU-time and a memory cap (a macro that expands without end, an enormous initialised array). */
  tooComplex: 'This program is too large or complex to compile.',
  compilerTimedOut: 'The compiler took too long on this program and was stopped.',
  compilerCrashed:
    'The compiler crashed on this program: this is a fault in the compiler, not an error it can point to in your code. Try writing the part you changed last differently.',
  compilerNestedTooDeeply:
    'The compiler crashed on this program: something in it is nested too deeply (thousands of brackets or blocks inside each other). Split it into simpler steps.',
  runnerFailed:
    'The program could not be run: the runner stopped unexpectedly. This is not a fault in your program; please try again.',
  missingImportsPrefix: 'The program uses a function this site cannot provide: ',
  /** Said before the leak itself, when the teacher turned "no leaks" on for the program's tests. */
  leaksNotAllowed: 'The output is right, but this program must free all the memory it allocates before it ends.',
  /** Shown with the task when "no leaks" is on. */
  noLeaksRule: 'Free all the memory your program allocates before it ends: a test that leaks memory fails.',
  /** Said with a run the checks made too slow (or too big), so it ran again without them. */
  ranWithoutChecks:
    'With the memory checks on, this run took longer (or more memory) than a run may, so it ran again without them: its memory was not checked this time. A faster program is checked in full.',
  /** Said with a run of a program too large to build with the checks of values never set within a compile's cap. */
  checkedLightly:
    'This program is too large to build with the check for values used before they are set, so that check did not run this time; the memory checks did.',
  /** A function test whose program called the harness's report of a finished test itself. */
  harnessForged: 'Your code called the tests’ own report of a finished test, so this test is not passed.',
  /** A question imported from CodeRunner: as there, output on standard error counts as a runtime error. */
  wroteToStderr: 'The program wrote to standard error, which this question (from CodeRunner) counts as an error.',
  /** As CodeRunner does: after a test stops with an error, the rest are not run. */
  stoppedAfterError: 'Not run: an earlier test stopped with an error.',
  /** A CodeRunner question's template that Twig could not render (said to the student, who cannot fix it). */
  templateFailed: 'The question’s template could not be made into a program; tell your teacher. Twig said: ',
  /** A question graded by its template (CodeRunner's TemplateGrader) whose program printed no verdict it can read. */
  /** `printed` is quoted only for a test shown in full (null: not quoted). */
  templateGraderNoVerdict: (printed: string | null) =>
    `The question’s own grader (its template) did not print its verdict as JSON, so this test is not passed; tell your teacher.${printed === null ? '' : ` It printed: ${printed.length > 200 ? `${printed.slice(0, 200)}…` : printed || '(nothing)'}`}`,
  templateGraderNoFraction:
    'The question’s own grader (its template) printed no "fraction" from 0 to 1, so this test is not passed; tell your teacher.',
  templateGraderWrong: 'The question’s own grader (its template) marked this test wrong.',
  templateGraderPartly: (awarded: number, points: number) =>
    `Partly right: the question’s own grader (its template) gave ${awarded} of ${points} points.`,
  /** A template grader that asked (`"abort": true`) to stop testing. */
  templateGraderStopped: 'Not run: the question’s own grader stopped the testing at an earlier test.',
} as const;

/** What a student is told when the program asks the system for functions the runner doesn't give (e.g. `env.nope`). */
export function missingImportsMessage(names: string[]): string {
  return `${exerciseMessages.missingImportsPrefix}${names.join(', ')}. Programs here can use the C standard library only.`;
}

/**
 * A function exercise's test whose code never returned to the tests: the student's function ended the program
 * (`exit`), so the tests could not check what it returned.
 */
export function functionEndedMessage(exitCode: number): string {
  return `Your function ended the program (exit code ${exitCode}) before the test could check what it returned. A function should return its result to its caller, not call exit.`;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** A file name: no folders, nothing hidden, nothing a shell or a URL would mangle. */
export const fileNameSchema = z
  .string({ error: 'A file needs a name.' })
  .regex(
    /^[A-Za-z0-9_][A-Za-z0-9._-]*$/,
    'A file name may have letters, digits, dots, dashes and underscores, and no folders.',
  )
  .max(FILE_LIMITS.nameMaxChars, 'A file name must be at most 64 characters.');

export const programFileSchema = z.strictObject({
  name: fileNameSchema,
  content: z
    .string({ error: 'A file’s content must be text.' })
    .max(FILE_LIMITS.fileMaxBytes, 'A file must be at most 64 KB.')
    .refine((text) => byteLength(text) <= FILE_LIMITS.fileMaxBytes, 'A file must be at most 64 KB.'),
});
export type ProgramFile = z.infer<typeof programFileSchema>;

/** Up to five files with different names. */
const testFilesSchema = (what: string) =>
  z
    .array(programFileSchema)
    .max(FILE_LIMITS.maxTestFiles, `At most ${FILE_LIMITS.maxTestFiles} ${what}.`)
    .refine((files) => new Set(files.map((f) => f.name)).size === files.length, `Two ${what} have the same name.`)
    .default([]);

export const codeSchema = z
  .string({ error: exerciseMessages.emptyCode })
  .max(EXERCISE_LIMITS.codeMaxBytes, exerciseMessages.codeTooLarge)
  .refine((code) => code.trim().length > 0, exerciseMessages.emptyCode)
  .refine((code) => byteLength(code) <= EXERCISE_LIMITS.codeMaxBytes, exerciseMessages.codeTooLarge);

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

const stdinSchema = z
  .string({ error: 'The input must be text.' })
  .max(EXERCISE_LIMITS.stdinMaxBytes, 'The input must be at most 64 KB.')
  .refine((text) => byteLength(text) <= EXERCISE_LIMITS.stdinMaxBytes, 'The input must be at most 64 KB.');

/** Command-line arguments: what a program gets in argv after its name (a test's, or Run's). */
export const argsSchema = z
  .array(
    z
      .string({ error: 'Each argument must be text.' })
      .max(EXERCISE_LIMITS.argMaxChars, 'An argument must be at most 200 characters.'),
  )
  .max(EXERCISE_LIMITS.maxArgs, 'At most 20 arguments.')
  .default([]);

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

/** The endpoints of running and submitting C programs. */
export const exercisesEndpoints = endpoints({
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
  workspaceStream: {
    method: 'GET',
    path: '/api/v1/student_programs/:id/stream',
    access: 'student',
    params: idParamsSchema,
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

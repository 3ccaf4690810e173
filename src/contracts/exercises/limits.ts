/**
 * What a graded C program may use and how its tests are shown: the limits, the display rules and the words
 * shared by the workspace, the teacher's editor and the grader.
 */

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
  /** A run the machine gave too little time to use its own (the wall-clock backstop): no verdict is given. */
  serverBusy:
    'The server was too busy to finish running your program in time. This is not a fault in your program; please try again in a moment.',
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

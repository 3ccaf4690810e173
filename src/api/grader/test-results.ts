/**
 * A graded test's result as the student sees it: its verdict and points, the message that says why it failed (a
 * hidden test's never quotes its expected output), what is shown in full and what as a hidden test's (CodeRunner's
 * display rules), and the score of them all.
 */
import { type TestCase } from '../../contracts/exercises/authoring.js';
import { exerciseMessages, shownInFull } from '../../contracts/exercises/limits.js';
import { type RunOutcome, type TestResult } from '../../contracts/exercises/results.js';
import type { CheckResult } from '../../contracts/checkers.js';
import type { ProgramTemplate } from './coderunner-template.js';
import { failedCheck } from './function-tests.js';

/** A run's outcome and, for a graded test whose program ended normally, its output checked. */
export interface Ran {
  outcome: RunOutcome;
  checked?: CheckResult;
}

export function testResult(
  index: number,
  test: TestCase,
  verdict: TestResult['verdict'],
  outcome: RunOutcome | null,
  message: string | null,
): TestResult {
  return {
    index,
    visible: test.visible,
    points: test.points,
    verdict,
    time_ms: outcome?.time_ms ?? 0,
    message,
    line: outcome?.line ?? null,
    warnings: outcome?.warnings ?? [],
    stdin: test.visible ? test.stdin : null,
    expected_output: test.visible ? test.expected_output : null,
    actual_output: test.visible && outcome ? outcome.stdout : null,
    files: test.visible
      ? test.expected_files.map((file) => {
          const left = outcome?.files.find((written) => written.name === file.name);
          return { name: file.name, expected: file.content, actual: left && !left.binary ? left.content : null };
        })
      : [],
    input_files: test.visible ? test.files.map(({ name, content }) => ({ name, content })) : [],
    args: test.visible ? test.args : [],
  };
}

export interface GradeOptions {
  /** A test whose output is right fails when the program left memory unfreed at exit. */
  noLeaks?: boolean;
  /** The teacher's checker program, for the tests checked by it. */
  checkerCode?: string;
  /** A question imported from CodeRunner: its template makes the program of each test (or of all at once). */
  template?: ProgramTemplate;
  /** CodeRunner's "all or nothing": the score is the total only when every test passes, otherwise 0. */
  allOrNothing?: boolean;
  /** CodeRunner's TemplateGrader: each test's program prints its own verdict as JSON (template-grader.ts). */
  templateGrader?: boolean;
}

/** The points of the tests passed (and the part a template grader gave others); none unless all pass, if asked. */
export function scoreOf(results: TestResult[], options: GradeOptions): number {
  if (options.allOrNothing && !results.every((r) => r.verdict === 'passed')) return 0;
  return results.reduce((sum, r) => sum + (r.verdict === 'passed' ? r.points : (r.awarded ?? 0)), 0);
}

/**
 * A grading's results, made one test after another as the student will see them: a test's result is shown in full
 * only when it is visible and its display allows it (always, or only when it passes, or only when it fails), and
 * not after a test marked "hide the rest if this fails" failed; otherwise it is shown as a hidden test's (so is a
 * test shown only conditionally that did not run). `make`
 * gives the result of the test as seen: it is asked again, seen as passing, when it passed.
 */
export function shownOneByOne() {
  const results: TestResult[] = [];
  let restHidden = false;
  return {
    results,
    add(test: TestCase, make: (seen: TestCase) => TestResult) {
      const seenAs = (passed: boolean) => ({ ...test, visible: shownInFull(test, passed, restHidden) });
      let result = make(seenAs(false));
      if (result.verdict === 'passed' && shownInFull(test, true, restHidden) !== result.visible)
        result = make(seenAs(true));
      // A test that did not run has no result to show: one shown only when it fails is not shown (as CodeRunner
      // lists no row for it), so a compile error never reveals such a test.
      else if (result.verdict === 'not_run' && test.shown !== 'always' && result.visible)
        result = make({ ...test, visible: false });
      results.push(result);
      if (test.hide_rest_if_fail && result.verdict !== 'passed') restHidden = true;
    },
  };
}

/** `shownOneByOne` for results made all at once. */
export function shownInOrder(tests: TestCase[], make: (index: number, seen: TestCase) => TestResult): TestResult[] {
  const shown = shownOneByOne();
  for (const [index, test] of tests.entries()) shown.add(test, (seen) => make(index, seen));
  return shown.results;
}

export function judge(
  index: number,
  test: TestCase,
  { outcome, checked }: Ran,
  options: GradeOptions = {},
): TestResult {
  const failed = failedCheck(outcome);
  if (failed)
    return testResult(
      index,
      test,
      'wrong_answer',
      { ...outcome, stderr: failed.stderr },
      test.visible ? failed.check : 'A check of this hidden test failed.',
    );
  if (outcome.status !== 'ok') return testResult(index, test, outcome.status, outcome, outcome.message);
  const passed = checked?.passed ?? false;
  if (passed && options.noLeaks && outcome.leaked)
    return testResult(
      index,
      test,
      'memory_leak',
      { ...outcome, warnings: [] },
      `${exerciseMessages.leaksNotAllowed} ${outcome.warnings.join(' ')}`,
    );
  return testResult(
    index,
    test,
    passed ? 'passed' : 'wrong_answer',
    outcome,
    passed ? null : wrongOutputMessage(test, checked),
  );
}

/** Why the output failed its check; a hidden test's expected output is never quoted. */
function wrongOutputMessage(test: TestCase, checked: CheckResult | undefined): string {
  const base = checked?.file
    ? 'A file the program wrote is not what was expected.'
    : 'The output is not what was expected.';
  return test.visible && checked?.detail ? `${base} ${checked.detail}` : base;
}

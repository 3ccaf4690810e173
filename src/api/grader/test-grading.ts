/**
 * Grading against a list of tests: the program (for a function exercise, the student's code and every test's code)
 * compiled once, then run on each test in turn and judged by its checker (test-results.ts); a CodeRunner question's
 * template grades in its own way (coderunner-grading.ts).
 */
import type { TestCase } from '../../contracts/exercises/authoring.js';
import type { GradeResult } from '../../contracts/exercises/results.js';
import type { Builds } from './builds.js';
import { gradeTemplated, type TemplatedSteps } from './coderunner-grading.js';
import type { Execution, RunState } from './execution.js';
import { programOf } from './function-tests.js';
import { type GradeOptions, judge, scoreOf, shownInOrder, shownOneByOne, testResult } from './test-results.js';

export interface GradingParts {
  builds: Builds;
  execution: Execution;
  templated: TemplatedSteps;
}

/** Compile once, run every test case; after a test runs out of time (or can't run at all) the rest are not run. */
export async function gradeTests(
  { builds, execution, templated }: GradingParts,
  owner: string | number,
  code: string,
  tests: TestCase[],
  options: GradeOptions = {},
): Promise<GradeResult> {
  const key = String(owner);
  if (options.template) return gradeTemplated(templated, key, code, tests, options.template, options);
  const total = tests.reduce((sum, test) => sum + test.points, 0);
  // A function exercise: the student's code and every test's code, one program.
  const { source, harness } = programOf(
    code,
    tests.map((test) => test.test_code),
  );
  const compiled = await builds.compileTests(key, source, !!harness);
  if (!compiled.result.ok) {
    return {
      compile: compiled.result,
      score: 0,
      total,
      tests: shownInOrder(tests, (index, test) =>
        testResult(index, test, 'not_run', null, 'The program did not compile.'),
      ),
    };
  }
  const shown = shownOneByOne();
  const state: RunState = {};
  let skip: string | null = null;
  // The teacher's checker program, compiled once for the tests checked by it.
  const checker = tests.some((test) => test.checker === 'program')
    ? await builds.compile(key, options.checkerCode ?? '')
    : null;
  for (const [index, test] of tests.entries()) {
    if (skip) {
      shown.add(test, (seen) => testResult(index, seen, 'not_run', null, skip));
      continue;
    }
    const check = {
      checker: test.checker,
      expected: test.expected_output,
      tolerance: test.tolerance,
      files: test.expected_files.map((file) => ({ name: file.name, expected: file.content })),
    };
    const input = harness
      ? {
          stdin: test.stdin,
          args: [String(index)],
          files: test.files,
          check,
          harness: { test: index, nonce: harness.nonce },
        }
      : { stdin: test.stdin, args: test.args, files: test.files, check };
    const ran = await execution.execute(key, compiled, source, input, state);
    if (ran.outcome.status === 'time_limit') skip = 'Not run: an earlier test ran out of time.';
    else if (state.cannotRun) skip = 'Not run: the program could not be run.';
    if (test.checker === 'program' && ran.outcome.status === 'ok' && ran.checked?.passed !== false) {
      const verdict = await execution.runChecker(key, checker!, test, ran.outcome.stdout);
      if ('notRun' in verdict) {
        shown.add(test, (seen) => testResult(index, seen, 'not_run', ran.outcome, verdict.notRun));
        continue;
      }
      ran.checked = verdict;
    }
    shown.add(test, (seen) => judge(index, seen, ran, options));
  }
  return { compile: compiled.result, score: scoreOf(shown.results, options), total, tests: shown.results };
}

/**
 * A question imported from CodeRunner, graded by its template as Moodle grades it (issue 45's semantics): the
 * template makes the programs, built as Jobe builds C, and each test's result is judged by the question's grader —
 * or by the program itself (TemplateGrader).
 */
import { type TestCase } from '../../contracts/exercises/authoring.js';
import { exerciseMessages } from '../../contracts/exercises/limits.js';
import { type CompileResult, type GradeResult, type TestResult } from '../../contracts/exercises/results.js';
import { checkRun } from '../../contracts/checkers.js';
import {
  COMBINATOR_SEPARATOR,
  type ProgramTemplate,
  type TemplateTest,
  templateTestOf,
} from './coderunner-template.js';
import { compileError } from './diagnostics.js';
import type { Compiled } from './builds.js';
import type { ProgramInput, RunState } from './execution.js';
import type { TemplateRequest, TemplateResponse } from './template-worker.js';
import { templateVerdict } from './template-grader.js';
import {
  type GradeOptions,
  judge,
  type Ran,
  scoreOf,
  shownInOrder,
  shownOneByOne,
  testResult,
} from './test-results.js';

/** What grading by a template does with the grader's own steps. */
export interface TemplatedSteps {
  render(owner: string, request: TemplateRequest): Promise<TemplateResponse>;
  compile(owner: string, code: string, build: 'checked', jobe: boolean): Promise<Compiled>;
  execute(owner: string, compiled: Compiled, source: string, input: ProgramInput, state: RunState): Promise<Ran>;
}

/**
 * A CodeRunner question, graded as CodeRunner's jobrunner.php does: a combinator template runs every test in one
 * program and its output is split at the separator, unless a test has input of its own or that run fails, when
 * each test's program runs alone; the first test that stops with an error (anything on standard error counts, as
 * on Jobe) ends the grading. Each output is checked by the test's checker (CodeRunner's graders when imported).
 */
export async function gradeTemplated(
  { render: renderTemplate, compile, execute }: TemplatedSteps,
  owner: string,
  code: string,
  tests: TestCase[],
  template: ProgramTemplate,
  options: GradeOptions,
): Promise<GradeResult> {
  const total = tests.reduce((sum, test) => sum + test.points, 0);
  const cases: TemplateTest[] = tests.map((test) => templateTestOf(test, template.markScale));
  const notGraded = (compile: CompileResult, message: string): GradeResult => ({
    compile,
    score: 0,
    total,
    tests: shownInOrder(tests, (index, test) => testResult(index, test, 'not_run', null, message)),
  });
  const checkOf = (test: TestCase) => ({
    checker: test.checker,
    expected: test.expected_output,
    tolerance: test.tolerance,
    files: test.expected_files.map((file) => ({ name: file.name, expected: file.content })),
  });
  const finish = (compile: CompileResult, results: TestResult[]): GradeResult => ({
    compile,
    score: scoreOf(results, options),
    total,
    tests: results,
  });
  if (template.combinator && tests.every((test) => test.stdin === '')) {
    const rendered = await renderTemplate(owner, { program: template, answer: code, tests: cases, combined: true });
    if ('error' in rendered)
      return notGraded(compileError(exerciseMessages.templateFailed + rendered.error), 'Not run.');
    const source = rendered.sources[0]!;
    const compiled = await compile(owner, source, 'checked', true);
    if (!compiled.result.ok) return notGraded(compiled.result, 'The program did not compile.');
    const ran = await execute(owner, compiled, source, { stdin: '', args: [], files: [] }, {});
    const outputs = ran.outcome.stdout.split(COMBINATOR_SEPARATOR);
    if (ran.outcome.status === 'ok' && ran.outcome.stderr === '' && outputs.length === tests.length)
      return finish(
        compiled.result,
        shownInOrder(tests, (index, test) => {
          const outcome = { ...ran.outcome, stdout: outputs[index]! };
          return judge(index, test, { outcome, checked: checkRun(checkOf(test), outcome.stdout, new Map()) }, options);
        }),
      );
    // As CodeRunner: a combinator run that failed is run again one test at a time.
  }
  const rendered = await renderTemplate(owner, { program: template, answer: code, tests: cases, combined: false });
  if ('error' in rendered) return notGraded(compileError(exerciseMessages.templateFailed + rendered.error), 'Not run.');
  // Tests whose programs are the same text (a c_program question's) share one build.
  const builds = new Map<string, { compiled: Promise<Compiled>; state: RunState }>();
  const shown = shownOneByOne();
  let firstCompile: CompileResult | null = null;
  let skip: string | null = null;
  for (const [index, test] of tests.entries()) {
    if (skip) {
      shown.add(test, (seen) => testResult(index, seen, 'not_run', null, skip));
      continue;
    }
    const source = rendered.sources[index]!;
    const build = builds.get(source) ?? { compiled: compile(owner, source, 'checked', true), state: {} };
    builds.set(source, build);
    const compiled = await build.compiled;
    firstCompile ??= compiled.result;
    if (!compiled.result.ok) return notGraded(compiled.result, 'The program did not compile.');
    const input = { stdin: test.stdin, args: test.args, files: test.files, check: checkOf(test) };
    const ran = await execute(owner, compiled, source, input, build.state);
    if (ran.outcome.status === 'ok' && ran.outcome.stderr !== '')
      ran.outcome = { ...ran.outcome, status: 'runtime_error', message: exerciseMessages.wroteToStderr };
    if (ran.outcome.status !== 'ok') skip = exerciseMessages.stoppedAfterError;
    if (options.templateGrader && ran.outcome.status === 'ok') {
      const verdictOf = (quote: boolean) => templateVerdict(ran.outcome.stdout, test.points, template.markScale, quote);
      if (verdictOf(false).abort) skip = exerciseMessages.templateGraderStopped;
      shown.add(test, (seen) => {
        const verdict = verdictOf(seen.visible);
        return {
          ...testResult(
            index,
            seen,
            verdict.passed ? 'passed' : 'wrong_answer',
            { ...ran.outcome, stdout: verdict.got },
            verdict.message,
          ),
          ...(seen.visible && verdict.expected !== null ? { expected_output: verdict.expected } : {}),
          ...(verdict.passed ? {} : { awarded: verdict.awarded }),
        };
      });
      continue;
    }
    shown.add(test, (seen) => judge(index, seen, ran, options));
  }
  return finish(firstCompile ?? { ok: true, diagnostics: [], output: '' }, shown.results);
}

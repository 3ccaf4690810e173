/**
 * CodeRunner's side of the harness, written apart from the site's code: its graders ported again line by line from
 * the PHP (classes/equality_grader.php, near_equality_grader.php, regex_grader.php, util::clean), programs built
 * as Jobe builds C (`gcc -Wall -Werror -std=c99 -x c … -lm`) and run natively, and jobrunner.php's order: a
 * combinator in one run split at the separator when no test has input, else (or when that run fails) one run per
 * test, where anything on stderr is a runtime error that ends the grading.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BankProgram } from '../../src/contracts/exercises/authoring.js';
import {
  renderCombinator,
  renderOneTest,
  type TemplateTest,
  templateTestOf,
} from '../../src/api/grader/coderunner-template.js';

const PHP_WHITESPACE = ' \t\n\r\0\x0B';
function phpRtrim(s: string): string {
  let end = s.length;
  while (end > 0 && PHP_WHITESPACE.includes(s[end - 1]!)) end--;
  return s.slice(0, end);
}
function phpTrim(s: string): string {
  let start = 0;
  while (start < s.length && PHP_WHITESPACE.includes(s[start]!)) start++;
  return phpRtrim(s.slice(start));
}

/** util::clean, step by step as written in PHP. */
export function clean(s: string): string {
  if (phpTrim(s) === '') return '';
  const trimmedlines = s.split('\n').map(phpRtrim);
  while (trimmedlines.length > 0 && trimmedlines[trimmedlines.length - 1] === '') trimmedlines.pop();
  let output = trimmedlines.join('\n');
  let replaced = '';
  for (const char of output) {
    const code = char.charCodeAt(0);
    if (code > 0x1f || char === '\n') replaced += char;
    else if (char === '\t') replaced += '\\t';
    else if (char === '\r') replaced += '\\r';
    else replaced += '\\x' + code.toString(16).padStart(2, '0');
  }
  output = replaced;
  if (output !== '') output += '\n';
  return output;
}

function reduce(output: string): string {
  const reduced = output.replace(/\n\n+/g, '\n');
  const reduced2 = reduced.replace(/^\n/, '');
  const reduced3 = reduced2.replace(/[ \t][ \t]+/g, ' ');
  let lower = '';
  for (const char of reduced3) lower += char >= 'A' && char <= 'Z' ? char.toLowerCase() : char;
  return lower;
}

export type GraderName = 'EqualityGrader' | 'NearEqualityGrader' | 'RegexGrader';

/** grade_known_good of each grader: is the output right? */
export function gradeLikeCoderunner(grader: GraderName, expected: string, output: string): boolean {
  switch (grader) {
    case 'EqualityGrader':
      return clean(output) === clean(expected);
    case 'NearEqualityGrader':
      return reduce(clean(output)) === reduce(clean(expected));
    case 'RegexGrader':
      // '/' . str_replace('/', '\/', rtrim($expected)) . '/ms', with preg_match (a search).
      return new RegExp(phpRtrim(expected).replaceAll('/', '\\/'), 'ms').test(output);
  }
}

/** The grader a question named, from the checker its import chose. */
export function graderOf(checker: string): GraderName {
  const names: Record<string, GraderName> = {
    equality: 'EqualityGrader',
    near_equality: 'NearEqualityGrader',
    regex_search: 'RegexGrader',
  };
  const name = names[checker];
  if (!name) throw new Error(`${checker} is not a CodeRunner grader`);
  return name;
}

interface JobeRun {
  compiled: boolean;
  stdout: string;
  /** RESULT_SUCCESS: no stderr, within the time. */
  success: boolean;
}

/** Jobe's C task: compile with its flags, run with the input; success when nothing reached stderr in time. */
function runLikeJobe(source: string, stdin: string): JobeRun {
  const dir = mkdtempSync(join(tmpdir(), 'coderunner-'));
  try {
    writeFileSync(join(dir, 'prog.c'), source);
    const compile = spawnSync('gcc', ['-Wall', '-Werror', '-std=c99', '-x', 'c', '-o', 'prog.c.exe', 'prog.c', '-lm'], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (compile.status !== 0) return { compiled: false, stdout: '', success: false };
    const run = spawnSync(join(dir, 'prog.c.exe'), [], { cwd: dir, input: stdin, encoding: 'utf8', timeout: 5000 });
    return { compiled: true, stdout: run.stdout ?? '', success: !run.error && !run.signal && run.stderr === '' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SPLITTER = /#<ab@17943918#@>#\n/ms;

/** One test's result on CodeRunner: passed (iscorrect), and whether its row is shown to the student. */
export interface CoderunnerResult {
  passed: boolean;
  /** Whether CodeRunner ran it (its results table has a row for it). */
  ran: boolean;
  shown: boolean;
}

/** template_grader.php `grade_known_good`: the program's output is its JSON verdict. */
function templateGraderVerdict(output: string): { passed: boolean; abort: boolean } {
  let result: unknown;
  try {
    result = JSON.parse(output);
  } catch {
    return { passed: false, abort: false };
  }
  const fields = (result ?? {}) as Record<string, unknown>;
  const fraction = fields.fraction;
  const numeric =
    typeof fraction === 'number' ||
    (typeof fraction === 'string' && fraction.trim() !== '' && !isNaN(Number(fraction)));
  if (typeof result !== 'object' || !numeric) return { passed: false, abort: false };
  // jobrunner.php: an abort request marks the test wrong whatever its fraction, and ends the testing.
  if (fields.abort) return { passed: false, abort: true };
  return { passed: Math.abs(Number(fraction) - 1.0) < 0.000001, abort: false };
}

/** testing_outcome.php `should_display_result`, with `build_results_table`'s hiding of the rest. */
function shownRows(display: string[], hideRest: boolean[], passed: boolean[]): boolean[] {
  let hidingRest = false;
  return passed.map((iscorrect, index) => {
    const shown =
      !hidingRest &&
      (display[index] === 'SHOW' ||
        (display[index] === 'HIDE_IF_FAIL' && iscorrect) ||
        (display[index] === 'HIDE_IF_SUCCEED' && !iscorrect));
    if (hideRest[index] && !iscorrect) hidingRest = true;
    return shown;
  });
}

/**
 * Each test's result, as CodeRunner's jobrunner grades the answer; a test it did not run (after an error or an
 * abort) is missing from its results table: here it has not passed and is not shown.
 */
export function coderunnerResults(program: BankProgram, answer: string): CoderunnerResult[] {
  const grading = program.coderunner!;
  const template = { ...grading };
  const cases: TemplateTest[] = program.tests.map((test) => templateTestOf(test, grading.mark_scale));
  const grade = (index: number, output: string) => {
    const test = program.tests[index]!;
    return gradeLikeCoderunner(graderOf(test.checker), test.expected_output, output);
  };
  const finish = (passed: boolean[]): CoderunnerResult[] => {
    const shown = shownRows(
      cases.map((test) => test.display),
      cases.map((test) => test.hiderestiffail),
      passed,
    );
    return cases.map((_, index) => ({
      passed: passed[index] ?? false,
      ran: index < passed.length,
      shown: index < passed.length && shown[index]!,
    }));
  };
  if (grading.combinator && cases.every((test) => test.stdin === '')) {
    const run = runLikeJobe(renderCombinator(template, answer, cases), '');
    if (!run.compiled) return finish([]);
    const outputs = run.stdout.split(SPLITTER);
    if (run.success && outputs.length === cases.length)
      return finish(outputs.map((output, index) => grade(index, output)));
  }
  const passed: boolean[] = [];
  for (const [index, test] of cases.entries()) {
    const run = runLikeJobe(renderOneTest(template, answer, test), test.stdin);
    if (!run.compiled) return finish([]);
    // A run that fails (stderr, a crash) is graded as wrong, and ends the testing.
    if (!run.success) {
      passed.push(false);
      break;
    }
    if (grading.template_grader) {
      const verdict = templateGraderVerdict(run.stdout);
      passed.push(verdict.passed);
      if (verdict.abort) break;
    } else passed.push(grade(index, run.stdout));
  }
  return finish(passed);
}

/**
 * The behaviour's `adjusted_fraction` (qbehaviour_adaptive_adapted_for_coderunner), line by line: the mark of a
 * fully right answer after `prevtries` earlier tries under a regime as CodeRunner stores it.
 */
export function adjustedFraction(penaltyregime: string, prevtries: number): number {
  if (prevtries === 0 || penaltyregime === '') return 1;
  const penalties: (string | number)[] = penaltyregime.split(',');
  let n = penalties.length;
  if (String(penalties[n - 1]).trim() === '...') {
    const delta = parseFloat(String(penalties[n - 2])) - parseFloat(String(penalties[n - 3]));
    penalties[n - 1] = Math.min(100, parseFloat(String(penalties[n - 2])) + delta);
    while (Number(penalties[n - 1]) < 100) {
      penalties.push(Math.min(100, Number(penalties[n - 1]) + delta));
      n++;
    }
  }
  const i = Math.min(n - 1, prevtries - 1);
  return 1 - parseFloat(String(penalties[i])) / 100;
}

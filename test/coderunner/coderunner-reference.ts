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
import type { BankProgram } from '../../src/contracts/exercises.js';
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

/** Whether each test passes, as CodeRunner's jobrunner grades the answer (a test not run has not passed). */
export function coderunnerVerdicts(program: BankProgram, answer: string): boolean[] {
  const grading = program.coderunner!;
  const template = { ...grading };
  const cases: TemplateTest[] = program.tests.map(templateTestOf);
  const grade = (index: number, output: string) => {
    const test = program.tests[index]!;
    return gradeLikeCoderunner(graderOf(test.checker), test.expected_output, output);
  };
  if (grading.combinator && cases.every((test) => test.stdin === '')) {
    const run = runLikeJobe(renderCombinator(template, answer, cases), '');
    if (!run.compiled) return cases.map(() => false);
    const outputs = run.stdout.split(SPLITTER);
    if (run.success && outputs.length === cases.length) return outputs.map((output, index) => grade(index, output));
  }
  const verdicts: boolean[] = [];
  for (const [index, test] of cases.entries()) {
    const run = runLikeJobe(renderOneTest(template, answer, test), test.stdin);
    if (!run.compiled) return cases.map(() => false);
    if (!run.success) break;
    verdicts.push(grade(index, run.stdout));
  }
  while (verdicts.length < cases.length) verdicts.push(false);
  return verdicts;
}

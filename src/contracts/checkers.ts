/**
 * How a test case's expected output is compared with what the program printed. The teacher picks one per test;
 * the runner applies it to the program's output (so a slow pattern is stopped by the run's time limit, never by
 * the server), and the student is told what differed.
 */
import {
  coderunnerClean,
  coderunnerEqual,
  coderunnerMatches,
  coderunnerNearlyEqual,
  coderunnerPattern,
} from './coderunner-graders.js';

export const checkerKinds = [
  'trimmed',
  'exact',
  'ignore_case',
  'numbers',
  'regex',
  'program',
  'ignore',
  // CodeRunner's graders, as Moodle applies them (coderunner-graders.ts): what an imported question is checked by.
  'equality',
  'near_equality',
  'regex_search',
] as const;
export type CheckerKind = (typeof checkerKinds)[number];

/**
 * New tests ignore spaces at line ends and blank lines: a stray space after the last number or a missing final
 * newline is not what a C exercise teaches, and failing a beginner for it teaches only distrust of the grader.
 * A teacher who means the layout picks "exact".
 */
export const DEFAULT_CHECKER: CheckerKind = 'trimmed';
/** For "numbers": 3.1416 passes against 3.14159. */
export const DEFAULT_TOLERANCE = 0.001;

export const checkerLabels: Record<CheckerKind, string> = {
  trimmed: 'Same text, ignoring spaces at line ends and blank lines',
  exact: 'Exactly the same, every space and newline',
  ignore_case: 'Same text, ignoring upper and lower case',
  numbers: 'Same numbers, each within a tolerance',
  regex: 'Matches a regular expression',
  program: 'By a checker program written for this exercise',
  ignore: 'Not compared: only a clean run (and any expected files) count',
  equality: 'Same text, ignoring spaces at line ends and at the end (CodeRunner’s exact match)',
  near_equality: 'Same text, ignoring case, runs of spaces and blank lines (CodeRunner’s near match)',
  regex_search: 'A regular expression found in the output (CodeRunner’s regex match)',
};

/** What the expected-output box holds for each checker, said under it. */
export const checkerHints: Record<CheckerKind, string> = {
  trimmed: 'The output the program must print.',
  exact: 'The output the program must print, byte for byte.',
  ignore_case: 'The output the program must print; case does not matter.',
  numbers: 'The output with its numbers; each printed number may differ from its own by at most the tolerance.',
  regex:
    'A regular expression the whole output must match, spaces at line ends left out (JavaScript syntax; . also matches a newline).',
  program:
    'Given to the checker program (the “Checker program” field at the top of this editor) as expected.txt, with the ' +
    'test’s input as input.txt and the output as actual.txt.',
  ignore: 'Shown to students as an example; what the program prints is not compared.',
  equality:
    'The output the program must print; spaces at line ends and at the end do not count, blank lines inside do.',
  near_equality: 'The output the program must print; case, runs of spaces or tabs and blank lines do not count.',
  regex_search:
    'A regular expression found anywhere in the output (JavaScript syntax; ^ and $ at each line, . also matches a newline); anchor it with ^ and $ to match the whole output.',
};

export interface OutputCheck {
  checker: CheckerKind;
  expected: string;
  /** For "numbers" only. */
  tolerance: number;
}

/** A graded test's whole check: its output, and the files the program must leave, each compared the same way. */
export interface RunCheck extends OutputCheck {
  files: { name: string; expected: string }[];
}

export interface CheckResult {
  passed: boolean;
  /** What differed, for a visible test (it may quote the expected output). */
  detail: string | null;
  /** The expected file that failed, when the output itself was right. */
  file?: string;
}

const lines = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');

/** Spaces and tabs at line ends, blank lines and line-ending style left out. */
export function trimmedOutput(text: string): string {
  return lines(text)
    .map((line) => line.replace(/[ \t]+$/, ''))
    .filter((line) => line !== '')
    .join('\n');
}

/** The regular expression a "regex" test's expected output compiles to; throws a SyntaxError if it can't. */
export function outputPattern(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 's');
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const quote = (token: string) => (token.length > 40 ? `${token.slice(0, 40)}…` : token);

function compareNumbers(expected: string, actual: string, tolerance: number): CheckResult {
  const want = expected.split(/\s+/).filter(Boolean);
  const got = actual.split(/\s+/).filter(Boolean);
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    const w = want[i];
    const g = got[i];
    if (w === undefined)
      return { passed: false, detail: `The output has more than the ${want.length} expected values.` };
    if (g === undefined)
      return { passed: false, detail: `The output stops after ${got.length} of the ${want.length} expected values.` };
    if (NUMBER.test(w) && NUMBER.test(g)) {
      if (Math.abs(Number(w) - Number(g)) <= tolerance + Number.EPSILON * Math.abs(Number(w))) continue;
      return {
        passed: false,
        detail: `Value ${i + 1}: expected ${quote(w)} (give or take ${tolerance}), got ${quote(g)}.`,
      };
    }
    if (w !== g) return { passed: false, detail: `Value ${i + 1}: expected ${quote(w)}, got ${quote(g)}.` };
  }
  return { passed: true, detail: null };
}

/** The first line where two outputs differ, said plainly. */
function firstDifference(expected: string[], actual: string[]): string {
  for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
    if (expected[i] === actual[i]) continue;
    if (actual[i] === undefined) return `The output stops after line ${actual.length}; line ${i + 1} is missing.`;
    if (expected[i] === undefined) return `The output has more lines than expected, from line ${i + 1}.`;
    return `Line ${i + 1} differs: expected "${quote(expected[i]!)}", got "${quote(actual[i]!)}".`;
  }
  return 'The output differs only in its spaces or line endings.';
}

/** The output, then each expected file (`files` holds what the program left: null for a file that is not text). */
export function checkRun(check: RunCheck, stdout: string, files: Map<string, string | null>): CheckResult {
  const output = checkOutput(check, stdout);
  if (!output.passed) return output;
  for (const { name, expected } of check.files) {
    const actual = files.get(name);
    if (actual === undefined)
      return { passed: false, file: name, detail: `The program did not create the file '${name}'.` };
    if (actual === null) return { passed: false, file: name, detail: `The file '${name}' does not hold text.` };
    const compared = checkOutput(
      {
        ...check,
        checker: check.checker === 'ignore' || check.checker === 'program' ? 'trimmed' : check.checker,
        expected,
      },
      actual,
    );
    if (!compared.passed)
      return { passed: false, file: name, detail: `In the file '${name}': ${compared.detail ?? 'it differs.'}` };
  }
  return { passed: true, detail: null };
}

export function checkOutput({ checker, expected, tolerance }: OutputCheck, actual: string): CheckResult {
  switch (checker) {
    // The teacher's checker program judges the output afterwards, on the grader's side.
    case 'program':
    case 'ignore':
      return { passed: true, detail: null };
    case 'exact':
      if (actual === expected) return { passed: true, detail: null };
      return { passed: false, detail: firstDifference(expected.split('\n'), actual.split('\n')) };
    case 'numbers':
      return compareNumbers(expected, actual, tolerance);
    case 'regex': {
      let pattern: RegExp;
      try {
        pattern = outputPattern(expected);
      } catch {
        return { passed: false, detail: 'The test’s pattern is not a valid regular expression.' };
      }
      const text = lines(actual)
        .map((line) => line.replace(/[ \t]+$/, ''))
        .join('\n')
        .replace(/\n+$/, '');
      return pattern.test(text)
        ? { passed: true, detail: null }
        : { passed: false, detail: 'The output does not match the expected pattern.' };
    }
    case 'equality':
    case 'near_equality': {
      const equal = checker === 'equality' ? coderunnerEqual : coderunnerNearlyEqual;
      if (equal(expected, actual)) return { passed: true, detail: null };
      const shown = (text: string) => coderunnerClean(text).replace(/\n$/, '').split('\n');
      return { passed: false, detail: firstDifference(shown(expected), shown(actual)) };
    }
    case 'regex_search': {
      try {
        coderunnerPattern(expected);
      } catch {
        return { passed: false, detail: 'The test’s pattern is not a valid regular expression.' };
      }
      return coderunnerMatches(expected, actual)
        ? { passed: true, detail: null }
        : { passed: false, detail: 'The output does not match the expected pattern.' };
    }
    case 'ignore_case':
    case 'trimmed': {
      const fold = (text: string) => (checker === 'ignore_case' ? text.toLowerCase() : text);
      const want = fold(trimmedOutput(expected));
      const got = fold(trimmedOutput(actual));
      if (want === got) return { passed: true, detail: null };
      return { passed: false, detail: firstDifference(want.split('\n'), got.split('\n')) };
    }
  }
}

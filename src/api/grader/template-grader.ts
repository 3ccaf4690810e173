/**
 * CodeRunner's TemplateGrader, for one test (qtype_coderunner's `classes/template_grader.php`): the program the
 * question's template made runs the student's code, grades it itself and prints its verdict as JSON —
 * `{"fraction": 0.5, "got": "…"}` with, as it likes, `awarded` (marks instead of fraction × the test's mark),
 * `expected`, and `abort` (mark this test wrong and run no more). A fraction within a millionth of 1 passes.
 */
import { exerciseMessages } from '../../contracts/exercises/limits.js';

export interface TemplateVerdict {
  passed: boolean;
  /** Points given, whole (the nearest). */
  awarded: number;
  /** What the student's test printed, as the grader reports it ('' when it says nothing). */
  got: string;
  /** The grader's own expected text, when it gives one. */
  expected: string | null;
  /** Why it did not pass, or null. */
  message: string | null;
  /** The grader asked to stop testing after this test. */
  abort: boolean;
}

const isNumeric = (value: unknown): value is number | string =>
  typeof value === 'number'
    ? Number.isFinite(value)
    : typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value);

/**
 * The verdict a template grader's output gives a test worth `points` (`markScale` points to a Moodle mark, in which
 * `awarded` is written). What it printed is quoted only for a test whose result is shown in full (`quote`): a
 * hidden test's input, printed by the student's code, must not come back in a message.
 */
export function templateVerdict(output: string, points: number, markScale = 1, quote = false): TemplateVerdict {
  const broken = (message: string): TemplateVerdict => ({
    passed: false,
    awarded: 0,
    got: output,
    expected: null,
    message,
    abort: false,
  });
  let result: unknown;
  try {
    result = JSON.parse(output);
  } catch {
    return broken(exerciseMessages.templateGraderNoVerdict(quote ? output.trim() : null));
  }
  if (!result || typeof result !== 'object' || Array.isArray(result))
    return broken(exerciseMessages.templateGraderNoVerdict(quote ? output.trim() : null));
  const fields = result as Record<string, unknown>;
  if (!isNumeric(fields.fraction)) return broken(exerciseMessages.templateGraderNoFraction);
  const fraction = Number(fields.fraction);
  const abort = fields.abort === true || fields.abort === 1 || fields.abort === '1';
  const passed = !abort && Math.abs(fraction - 1) < 0.000001;
  const given = isNumeric(fields.awarded) ? Number(fields.awarded) * markScale : points * fraction;
  // Whole points, and short of full marks for a test that did not pass.
  const awarded = abort ? 0 : Math.min(Math.max(0, points - 1), Math.max(0, Math.round(given)));
  const text = (value: unknown) =>
    typeof value === 'string' ? value : value === undefined ? null : JSON.stringify(value);
  return {
    passed,
    awarded: passed ? points : awarded,
    got: text(fields.got) ?? '',
    expected: text(fields.expected),
    message: passed
      ? null
      : awarded > 0
        ? exerciseMessages.templateGraderPartly(awarded, points)
        : exerciseMessages.templateGraderWrong,
    abort,
  };
}

/**
 * CodeRunner's penalty regime, as Moodle applies it to a question imported from there (issue 45): a list of
 * percentages, one for each try after the first ("10, 20, ..." takes 10% off the second submission, 20% off the
 * third, and so on up to 100%; a list that ends without "..." keeps its last value). The first submission is never
 * penalised; a mark is the score times (1 − penalty), and the best mark counts. Ported from qtype_coderunner's
 * `validate_penalty_regime` (edit_coderunner_form.php) and its behaviour's `adjusted_fraction`.
 */

/** The regime written as CodeRunner stores it ("10, 20, ..."), or null when it is not one. */
export function normalPenaltyRegime(text: string): string | null {
  const parts = text
    .replaceAll('%', '')
    .replaceAll(',', ', ')
    .replace(/ *,? +/g, ', ')
    .trim()
    .split(', ')
    .filter((part) => part !== '');
  const dots = parts[parts.length - 1] === '...';
  const numbers = dots ? parts.slice(0, -1) : parts;
  if (numbers.length === 0 || !numbers.every((part) => /^\d+(\.\d*)?$/.test(part) && Number(part) <= 100)) return null;
  // "..." continues the last two as an arithmetic progression, so they must rise.
  if (dots && (numbers.length < 2 || Number(numbers.at(-1)) <= Number(numbers.at(-2)))) return null;
  return parts.join(', ');
}

/** Why a regime is refused, in the words the editor shows. */
export const penaltyRegimeError =
  'A penalty regime is a list of percentages for the second, third, … try (e.g. 10, 20, ...): numbers from 0 to 100, apart by commas, and "..." at the end only after two that rise.';

/** The percentage taken off a submission made after `previousTries` others (0 for the first, or no regime). */
export function penaltyPercent(regime: string, previousTries: number): number {
  const normal = regime.trim() ? normalPenaltyRegime(regime) : null;
  if (!normal || previousTries <= 0) return 0;
  const parts = normal.split(', ');
  if (parts.at(-1) === '...') {
    const numbers = parts.slice(0, -1).map(Number);
    const step = numbers.at(-1)! - numbers.at(-2)!;
    while (numbers.at(-1)! < 100) numbers.push(Math.min(100, numbers.at(-1)! + step));
    return numbers[Math.min(numbers.length - 1, previousTries - 1)]!;
  }
  return Number(parts[Math.min(parts.length - 1, previousTries - 1)]);
}

/** A regime that never takes anything off ("0", "0, 0, 0"), which is as good as none. */
export const takesNothingOff = (regime: string) =>
  Array.from({ length: 30 }, (_, tries) => penaltyPercent(regime, tries + 1)).every((percent) => percent === 0);

/**
 * How many tries came before one of `code`, given the code of the earlier submissions, oldest first: as on Moodle, a
 * submission of the same code as the one before it is not a new try.
 */
export function triesBefore(earlier: readonly string[], code: string): number {
  const tries = earlier.filter((text, index) => index === 0 || text !== earlier[index - 1]).length;
  return earlier.length > 0 && earlier.at(-1) === code ? tries - 1 : tries;
}

/** A score after the penalty, in whole points (the nearest). */
export const penalisedScore = (score: number, percent: number) => Math.round((score * (100 - percent)) / 100);

/** "Each submission after the first takes off 10, 20, ... %", for the student before submitting. */
export const penaltyRegimeText = (regime: string) =>
  `Each submission after the first counts for less: ${normalPenaltyRegime(regime) ?? regime} % off the second, third and later submissions; the best counts.`;

/** What a submission's penalty did, under its score. */
export const penaltyNote = ({
  try: attempt,
  percent,
  score_before,
}: {
  try: number;
  percent: number;
  score_before: number;
}) =>
  percent === 0
    ? `Try ${attempt}: this program’s penalty regime takes nothing off it.`
    : `Try ${attempt}: ${percent}% off, as this program’s penalty regime says: ${score_before} ${score_before === 1 ? 'point' : 'points'} before it. The same code submitted again is the same try.`;

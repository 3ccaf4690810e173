/**
 * CodeRunner's three output graders, as its PHP does them (qtype_coderunner's `classes/equality_grader.php`,
 * `near_equality_grader.php`, `regex_grader.php` and `util::clean`), so a question imported from Moodle passes and
 * fails here on the outputs it passed and failed there (issue 45). Checked against an independent port by
 * test/coderunner.
 */

/* eslint-disable no-control-regex -- PHP's trim set and util::clean's escapes are control characters. */
/** PHP's `rtrim` with its default set: space, tab, newline, carriage return, NUL and vertical tab. */
const rtrim = (text: string) => text.replace(/[ \t\n\r\0\x0B]+$/, '');

/**
 * `qtype_coderunner_util::clean`: trailing white space off every line and off the whole text, blank lines inside
 * kept, other control characters written as `\t`, `\r` or `\xNN` (on both sides, so they compare as written), and
 * one newline at the end of anything not blank.
 */
export function coderunnerClean(text: string): string {
  if (text.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '') === '') return '';
  const lines = text.split('\n').map(rtrim);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const cleaned = lines.join('\n').replace(/[\x00-\x09\x0B-\x1F]/g, (char) => {
    if (char === '\t') return '\\t';
    if (char === '\r') return '\\r';
    return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
  return cleaned === '' ? '' : `${cleaned}\n`;
}

/* eslint-enable no-control-regex */

/** PHP's `strtolower`: ASCII letters only, as PHP 8 does it whatever the locale. */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** NearEqualityGrader's reduction of a cleaned output: blank lines out, runs of blanks one space, lower case. */
function reduced(cleaned: string): string {
  return asciiLower(
    cleaned
      .replace(/\n\n+/g, '\n')
      .replace(/^\n/, '')
      .replace(/[ \t][ \t]+/g, ' '),
  );
}

/** EqualityGrader: the same text once each side is cleaned. */
export const coderunnerEqual = (expected: string, actual: string) =>
  coderunnerClean(actual) === coderunnerClean(expected);

/** NearEqualityGrader: the same once cleaned, blank lines dropped, runs of blanks one space, case ignored. */
export const coderunnerNearlyEqual = (expected: string, actual: string) =>
  reduced(coderunnerClean(actual)) === reduced(coderunnerClean(expected));

/**
 * RegexGrader's pattern: the expected text with its trailing white space cut, `^` and `$` at each line (PCRE's
 * MULTILINE) and `.` crossing lines (DOTALL). PHP's `preg_match` searches, so the pattern may match anywhere in the
 * output; a question that wants the whole output writes `^…$`. Throws a SyntaxError for a pattern JavaScript
 * cannot compile.
 */
export function coderunnerPattern(expected: string): RegExp {
  return new RegExp(rtrim(expected), 'ms');
}

/** RegexGrader: the pattern is found in the output as the program printed it (nothing trimmed). */
export const coderunnerMatches = (expected: string, actual: string) => coderunnerPattern(expected).test(actual);

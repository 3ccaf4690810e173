import { describe, expect, it } from 'vitest';
import { checkOutput, type OutputCheck, outputPattern } from './checkers.js';

const check = (checker: OutputCheck['checker'], expected: string, actual: string, tolerance = 0.001) =>
  checkOutput({ checker, expected, tolerance }, actual);

describe('output checkers', () => {
  it('trimmed: spaces at line ends, blank lines and Windows line endings do not count; anything else does', () => {
    expect(check('trimmed', 'Sum = 5\n', 'Sum = 5   \r\n\r\n').passed).toBe(true);
    expect(check('trimmed', 'a\nb', 'a\n\n\nb\n').passed).toBe(true);
    expect(check('trimmed', 'Sum = 5', ' Sum = 5')).toEqual({
      passed: false,
      detail: 'Line 1 differs: expected "Sum = 5", got " Sum = 5".',
    });
    expect(check('trimmed', 'a\nb', 'a')).toEqual({
      passed: false,
      detail: 'The output stops after line 1; line 2 is missing.',
    });
    expect(check('trimmed', 'a', 'a\nb')).toEqual({
      passed: false,
      detail: 'The output has more lines than expected, from line 2.',
    });
  });

  it('exact: every space and newline counts', () => {
    expect(check('exact', '5\n', '5\n').passed).toBe(true);
    expect(check('exact', '5\n', '5').passed).toBe(false);
    expect(check('exact', '5\n', '5 \n').detail).toBe('Line 1 differs: expected "5", got "5 ".');
  });

  it('ignore case: HELLO passes for hello, Hallo does not', () => {
    expect(check('ignore_case', 'Hello World', 'HELLO world\n').passed).toBe(true);
    expect(check('ignore_case', 'Hello', 'Hallo').passed).toBe(false);
  });

  it('numbers: each number within the tolerance, words exactly, the count of values too', () => {
    expect(check('numbers', 'pi = 3.14159', 'pi = 3.1416\n').passed).toBe(true);
    expect(check('numbers', 'area 12.5', 'area   1.25e1').passed).toBe(true);
    expect(check('numbers', '0.1 0.2', '0.1\n0.2').passed).toBe(true);
    expect(check('numbers', 'pi = 3.14159', 'pi = 3.15')).toEqual({
      passed: false,
      detail: 'Value 3: expected 3.14159 (give or take 0.001), got 3.15.',
    });
    expect(check('numbers', '1 2 3', '1 2', 0).detail).toBe('The output stops after 2 of the 3 expected values.');
    expect(check('numbers', '1 2', '1 2 3', 0).detail).toBe('The output has more than the 2 expected values.');
    expect(check('numbers', 'area 2', 'Area 2').detail).toBe('Value 1: expected area, got Area.');
    expect(check('numbers', '10', '10.4', 0.5).passed).toBe(true);
    expect(check('numbers', '10', '10.6', 0.5).passed).toBe(false);
    expect(check('numbers', '0.3', String(0.1 + 0.2), 0).passed).toBe(true);
  });

  it('regex: the whole output (spaces at line ends left out) must match; . crosses lines', () => {
    expect(check('regex', String.raw`Total: \d+`, 'Total: 42  \n').passed).toBe(true);
    expect(check('regex', String.raw`\d+`, 'Total: 42').passed).toBe(false);
    expect(check('regex', 'start.*end', 'start\nmiddle\nend\n').passed).toBe(true);
    expect(check('regex', '(', 'x')).toEqual({
      passed: false,
      detail: 'The test’s pattern is not a valid regular expression.',
    });
    expect(() => outputPattern('[')).toThrow(SyntaxError);
  });
});

describe('CodeRunner’s graders, as Moodle applies them', () => {
  it('equality: trailing spaces of each line and of the whole output do not count; blank lines inside do', () => {
    expect(check('equality', '1\n2', '1  \n2 \n\n\n').passed).toBe(true);
    expect(check('equality', '1\n2\n', '1\n2').passed).toBe(true);
    expect(check('equality', '1\n2', '1\n\n2')).toEqual({
      passed: false,
      detail: 'Line 2 differs: expected "2", got "".',
    });
    expect(check('equality', 'a b', 'a  b').passed).toBe(false);
    expect(check('equality', 'Yes', 'yes').passed).toBe(false);
    // A blank output equals an empty expectation, as in util::clean.
    expect(check('equality', '', ' \n\t\n').passed).toBe(true);
  });

  it('near equality: also ignores case, runs of spaces and blank lines', () => {
    expect(check('near_equality', 'Hello World\nBye', 'hello   WORLD\n\n\nbye \n').passed).toBe(true);
    expect(check('near_equality', 'a b', 'ab').passed).toBe(false);
    expect(check('near_equality', 'a\nb', '\na\nb').passed).toBe(true);
    // A single space and a missing one are not the same; nor are letters beyond ASCII folded.
    expect(check('near_equality', 'É', 'é').passed).toBe(false);
  });

  it('regex search: the right-trimmed pattern is searched for, ^ and $ at each line, . across lines', () => {
    expect(check('regex_search', '\\d+\n', 'Total: 42').passed).toBe(true);
    expect(check('regex_search', '^42$', 'Total:\n42\nend').passed).toBe(true);
    expect(check('regex_search', 'a.b', 'a\nb').passed).toBe(true);
    expect(check('regex_search', '^b', 'ab').passed).toBe(false);
    expect(check('regex_search', '(', 'x')).toEqual({
      passed: false,
      detail: 'The test’s pattern is not a valid regular expression.',
    });
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBankFile } from './exercise-bank.js';

const moodle = readFileSync(new URL('../../../test/fixtures/moodle-coderunner-c.xml', import.meta.url), 'utf8');

describe('the exercise bank’s formats', () => {
  it('reads CodeRunner C questions from a Moodle XML export, and says why each other question is left out', () => {
    const { programs, skipped } = readBankFile(moodle);
    expect(programs).toHaveLength(2);
    const [sum, square] = programs;
    expect(sum!.task).toBe(
      'Sum of two numbers\n\nRead two integers and print their sum.\nFor example, for 2 3 print 5. Use scanf.',
    );
    expect(sum!.starter_code).toContain('int main(void)');
    expect(sum!.reference_solution).toContain('printf("%d\\n", a + b);');
    expect(
      sum!.tests.map(({ stdin, expected_output, visible, points, checker, test_code }) => ({
        stdin,
        expected_output,
        visible,
        points,
        checker,
        test_code,
      })),
    ).toEqual([
      { stdin: '2 3\n', expected_output: '5\n', visible: true, points: 1, checker: 'trimmed', test_code: '' },
      { stdin: '-7 -8', expected_output: '-15', visible: false, points: 2, checker: 'trimmed', test_code: '' },
    ]);
    // A function question: its test code calls the student's function; the precheck-only test is not run here;
    // fractional marks become tenths.
    expect(
      square!.tests.map(({ test_code, expected_output, points, visible }) => ({
        test_code,
        expected_output,
        points,
        visible,
      })),
    ).toEqual([
      { test_code: 'printf("%d\\n", sqr(-3));', expected_output: '9', points: 5, visible: true },
      {
        test_code: 'for (int i = 0; i <= 3; i++) printf("%d ", sqr(i));\nprintf("\\n");',
        expected_output: '0 1 4 9',
        points: 15,
        visible: true,
      },
    ]);
    expect(skipped).toEqual([
      { name: 'Python squares', reason: 'its type is python3; only c_program and c_function questions are C' },
      {
        name: 'String length without string.h',
        reason: 'it has a customised template, which its tests may rely on; copy it by hand',
      },
      { name: 'Graded by a template', reason: 'it is graded by TemplateGrader, which has no equal here' },
      { name: 'Which header declares printf?', reason: 'it is a multichoice question, not CodeRunner' },
    ]);
  });

  it('refuses what is not a bank file, and a DOCTYPE before any entity is expanded', () => {
    expect(readBankFile('hello').skipped[0]!.reason).toMatch(/neither a c-course-exercises JSON file nor Moodle XML/);
    expect(readBankFile('<quiz><question').skipped[0]!.reason).toMatch(/not well-formed XML/);
    expect(readBankFile('<!DOCTYPE quiz [<!ENTITY a "aaaa">]><quiz/>').skipped[0]!.reason).toMatch(/DOCTYPE/);
    expect(readBankFile(JSON.stringify({ format: 'other', version: 1, programs: [] })).skipped[0]!.reason).toMatch(
      /not a c-course-exercises file/,
    );
  });
});

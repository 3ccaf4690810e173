import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBankFile } from './exercise-bank.js';

const moodle = readFileSync(new URL('../../../../test/fixtures/moodle-coderunner-c.xml', import.meta.url), 'utf8');

/** A CodeRunner question with its fields as they stand in the XML, in a quiz. */
const quiz = (...questions: { name?: string; stdin?: string; expected?: string; answer?: string; tests?: number }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>${questions
    .map(
      ({ name = 'Sum', stdin = '1 2', expected = '3', answer = 'int main(void) { return 0; }', tests = 1 }) =>
        `<question type="coderunner"><name><text>${name}</text></name><coderunnertype>c_program</coderunnertype>` +
        `<answer>${answer}</answer><testcases>${`<testcase><stdin><text>${stdin}</text></stdin><expected><text>${expected}</text></expected></testcase>`.repeat(tests)}</testcases></question>`,
    )
    .join('')}</quiz>`;

describe('the exercise bank’s formats', () => {
  it('reads CodeRunner C questions from a Moodle XML export, and says why each other question is left out', () => {
    const { programs, skipped, dropped } = readBankFile(moodle);
    expect(programs).toHaveLength(4);
    const [sum, square, length, twice] = programs;
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
      // Its penalty regime takes a part of a mark: points count in tenths.
      { stdin: '2 3\n', expected_output: '5\n', visible: true, points: 10, checker: 'equality', test_code: '' },
      { stdin: '-7 -8', expected_output: '-15', visible: false, points: 20, checker: 'equality', test_code: '' },
    ]);
    // A function question: its test code calls the student's function; the precheck-only test is not run here;
    // fractional marks become tenths.
    expect(
      square!.tests.map(({ test_code, expected_output, points, visible, shown }) => ({
        test_code,
        expected_output,
        points,
        visible,
        shown,
      })),
    ).toEqual([
      { test_code: 'printf("%d\\n", sqr(-3));', expected_output: '9', points: 5, visible: true, shown: 'always' },
      {
        test_code: 'for (int i = 0; i <= 3; i++) printf("%d ", sqr(i));\nprintf("\\n");',
        expected_output: '0 1 4 9',
        points: 15,
        visible: true,
        // HIDE_IF_SUCCEED: shown only when it fails.
        shown: 'when_failed',
      },
    ]);
    // Each is graded by its prototype's template, or its own (customised), as on Moodle.
    expect(sum!.coderunner).toEqual({
      template: '{{ STUDENT_ANSWER }}',
      combinator: false,
      parameters: {},
      hoist: false,
      all_or_nothing: false,
      penalty_regime: '10, 20, ...',
      template_grader: false,
      mark_scale: 10,
    });
    expect(square!.coderunner).toMatchObject({ combinator: true, all_or_nothing: true });
    expect(square!.coderunner!.template).toMatch(/#include <math.h>[\s\S]*\{\{ STUDENT_ANSWER \}\}/);
    expect(length!.task.split('\n')[0]).toBe('String length without string.h');
    expect(length!.coderunner!.template).toMatch(/^#include <stdio.h>/);
    // What is imported but not carried over is said in the teacher's words.
    // A question graded by its own (per-test) template: its program prints the verdict.
    // Its part marks count in tenths too: TEST.mark stays in marks, as the template wrote it.
    expect(twice!.coderunner).toMatchObject({
      combinator: false,
      template_grader: true,
      penalty_regime: '',
      mark_scale: 10,
    });
    expect(twice!.tests.map((t) => t.points)).toEqual([10, 10]);
    expect(twice!.tests.map(({ test_code, visible }) => [test_code, visible])).toEqual([
      ['3', true],
      ['-4', false],
    ]);
    expect(dropped).toEqual([
      { name: 'Square function', reason: '1 precheck-only test is left out: there is no Precheck here' },
    ]);
    expect(skipped).toEqual([
      { name: 'Python squares', reason: 'its type is python3; only c_program and c_function questions are C' },
      { name: 'Which header declares printf?', reason: 'it is a multichoice question, not CodeRunner' },
    ]);
  });

  it('carries over CodeRunner’s display flags, "hide rest if fail", penalty regime and template grader', () => {
    const test = (display: string, hideRest = 0) =>
      `<testcase testtype="0" hiderestiffail="${hideRest}" mark="1"><stdin><text>1</text></stdin>` +
      `<expected><text>1</text></expected><display><text>${display}</text></display></testcase>`;
    const question = (name: string, fields: string, tests: string) =>
      `<question type="coderunner"><name><text>${name}</text></name><coderunnertype>c_program</coderunnertype>` +
      `<answer>int main(void) { return 0; }</answer>${fields}<testcases>${tests}</testcases></question>`;
    const { programs, skipped, dropped } = readBankFile(
      `<?xml version="1.0"?><quiz>${[
        question(
          'Shown as on Moodle',
          '<penaltyregime>0</penaltyregime>',
          test('SHOW', 1) + test('HIDE_IF_FAIL') + test('HIDE_IF_SUCCEED') + test('HIDE'),
        ),
        question('Bad regime', '<penaltyregime>ten percent</penaltyregime>', test('SHOW')),
        question(
          'Big marks',
          '<penaltyregime>10, 20, ...</penaltyregime>',
          test('SHOW').replace('mark="1"', 'mark="15"') + test('SHOW').replace('mark="1"', 'mark="150"'),
        ),
        question(
          'One mark for all',
          '<template>{{ STUDENT_ANSWER }}</template><iscombinatortemplate>1</iscombinatortemplate><grader>TemplateGrader</grader>',
          test('SHOW'),
        ),
      ].join('')}</quiz>`,
    );
    expect(
      programs[0]!.tests.map(({ visible, shown, hide_rest_if_fail }) => [visible, shown, hide_rest_if_fail]),
    ).toEqual([
      [true, 'always', true],
      [true, 'when_passed', false],
      [true, 'when_failed', false],
      [false, 'always', false],
    ]);
    // A regime that takes nothing off is none; points stay whole marks.
    expect(programs[0]!.coderunner).toMatchObject({ penalty_regime: '', template_grader: false, mark_scale: 1 });
    expect(programs[0]!.tests[0]!.points).toBe(1);
    expect(programs[1]!.coderunner!.penalty_regime).toBe('');
    // Marks too big for tenths stay whole; one past a test's 100 points is said.
    expect(programs[2]!.tests.map((t) => t.points)).toEqual([15, 100]);
    expect(programs[2]!.coderunner!.mark_scale).toBe(1);
    expect(dropped).toEqual([
      {
        name: 'Bad regime',
        reason: 'its penalty regime (ten percent) is not a list of percentages, so none is applied',
      },
      { name: 'Big marks', reason: "a test's mark of 150 counts as 100 points here (a test is worth at most 100)" },
    ]);
    expect(skipped).toEqual([
      {
        name: 'One mark for all',
        reason:
          'it is graded by a combinator template (TemplateGrader), which gives one mark for all its tests at once; this site grades a template grader one test at a time',
      },
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

  it('reads references in a question’s HTML as a browser does, and in a test’s text as XML does', () => {
    const html = readBankFile(quiz({ name: '<![CDATA[Sum &#x110000; &#99999999; &#xD800; &#0; &#X41;]]>' }));
    expect(html.programs.map((p) => p.task)).toEqual(['Sum \uFFFD \uFFFD \uFFFD \uFFFD A']);
    const read = readBankFile(quiz({ stdin: 'a&#65;&#x42;&lt;&amp;&quot;&apos;&gt;' }));
    expect(read.programs[0]!.tests[0]!.stdin).toBe('aAB<&"\'>');
    const refused = (stdin: string) => readBankFile(quiz({}, { stdin })).skipped;
    for (const reference of ['&#x110000;', '&#99999999;', '&#xD800;', '&#56320;', '&#0;', '&#1;', '&#xFFFE;'])
      expect(refused(reference)).toEqual([
        { name: 'the file', reason: `it is not well-formed XML (${reference} names no character XML allows)` },
      ]);
    expect(refused('&nbsp;')).toEqual([
      {
        name: 'the file',
        reason:
          'it is not well-formed XML (&nbsp; is not a reference XML knows; in a Moodle export such text is in CDATA)',
      },
    ]);
    // A name that an object has as its own property is no more an entity than any other.
    expect(refused('&constructor;')[0]!.reason).toMatch(/&constructor; is not a reference XML knows/);
    expect(readBankFile(quiz({ stdin: '&amp;'.repeat(10_000) })).programs[0]!.tests[0]!.stdin).toBe('&'.repeat(10_000));
  });

  it('takes <!DOCTYPE inside CDATA, as text or in a comment, and refuses a declaration outside them', () => {
    const page = '<!DOCTYPE html>\n<p>Hi</p>\n';
    const taken = readBankFile(
      quiz(
        { expected: `<![CDATA[${page}]]>`, answer: '<![CDATA[/* <!DOCTYPE html> <!ENTITY x "y"> */]]>' },
        { stdin: '&lt;!DOCTYPE html&gt;' },
      ).replace('<quiz>', '<!-- <!DOCTYPE quiz> --><quiz>'),
    );
    expect(taken.skipped).toEqual([]);
    expect(taken.programs.map((p) => [p.tests[0]!.stdin, p.tests[0]!.expected_output, p.reference_solution])).toEqual([
      ['1 2', page, '/* <!DOCTYPE html> <!ENTITY x "y"> */'],
      ['<!DOCTYPE html>', '3', 'int main(void) { return 0; }'],
    ]);
    const refusal = [{ name: 'the file', reason: 'it declares a DOCTYPE, which a Moodle export never does' }];
    const xml = quiz({});
    expect(readBankFile(xml.replace('<quiz>', '<!DOCTYPE quiz [<!ENTITY a "aa">]><quiz>')).skipped).toEqual(refusal);
    expect(readBankFile(xml.replace('<quiz>', '<!doctype quiz><quiz>')).skipped).toEqual(refusal);
    expect(readBankFile(xml.replace('<quiz>', '<quiz><!ENTITY a "aa">')).skipped).toEqual(refusal);
  });

  it('says a question has more tests than a program takes before reading them', () => {
    expect(readBankFile(quiz({ tests: 1_000 })).skipped).toEqual([
      { name: 'Sum', reason: 'it has 1000 test cases; a program here takes at most 50' },
    ]);
    expect(readBankFile(quiz({ tests: 50 })).programs[0]!.tests).toHaveLength(50);
  });
});

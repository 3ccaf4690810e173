/**
 * Proof by difference (issue 45): each C question of CodeRunner's public samples (and of our own) is imported as a
 * teacher would, then its own answer and mutants of it are graded twice — as CodeRunner grades on Moodle with Jobe
 * (coderunner-reference.ts: its template, gcc natively, its graders ported again) and by this site's grader — and
 * every test's verdict must be the same. The figure is printed at the end.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBankFile } from '../../src/api/exercises/authoring/exercise-bank.js';
import { createGrader, type Grader } from '../../src/api/grader/grader.js';
import { checkOutput } from '../../src/contracts/checkers.js';
import type { BankProgram } from '../../src/contracts/exercises/authoring.js';
import { adjustedFraction, coderunnerResults, gradeLikeCoderunner, graderOf } from './coderunner-reference.js';
import { normalPenaltyRegime, penaltyPercent } from '../../src/contracts/penalty-regime.js';
import { mutantsOf } from './mutants.js';

const SAMPLES = ['simpledemoquestions.xml', 'own-questions.xml'];
const questions: { file: string; program: BankProgram }[] = SAMPLES.flatMap((file) =>
  readBankFile(readFileSync(new URL(`./samples/${file}`, import.meta.url), 'utf8')).programs.map((program) => ({
    file,
    program,
  })),
);
const figure = {
  questions: questions.length,
  tests: 0,
  answers: 0,
  mutants: 0,
  verdicts: 0,
  agreements: 0,
  known: 0,
  rows: 0,
};
/** Where gcc and Clang differ, written down with why (known-gaps.json): each must still differ, and no other. */
const knownGaps = new Set(
  (
    JSON.parse(readFileSync(new URL('./known-gaps.json', import.meta.url), 'utf8')) as {
      gaps: { question: string; answer: string }[];
    }
  ).gaps.map(({ question, answer }) => `${question} / ${answer}`),
);
const outputFigure = { outputs: 0, agreements: 0 };

let grader: Grader;
beforeAll(() => {
  grader = createGrader({ concurrency: 2, compileLimits: { wallMs: 120_000 } });
});
afterAll(async () => {
  await grader.close();
  console.log(
    `CodeRunner harness: ${figure.questions} questions, ${figure.tests} tests, ${figure.answers} answers ` +
      `(${figure.mutants} mutants); ${figure.agreements} of ${figure.verdicts} verdicts agree` +
      `${figure.known ? ` (the other ${figure.known} in known-gaps.json)` : ''}; ` +
      `${figure.rows} results shown or hidden alike. ` +
      `Graders alone: ${outputFigure.agreements} of ${outputFigure.outputs} outputs agree.`,
  );
});

const name = (program: BankProgram) => program.task.split('\n')[0]!;

describe('CodeRunner’s public C questions and ours, graded as on Moodle and here', () => {
  it('imports every C question of the samples, each with its template', () => {
    expect(questions.map(({ program }) => name(program))).toEqual([
      'C function: print string lengths',
      'C function: sqr',
      'C Program: reversing lines',
      'Reverse the digits',
      'Greeting, nearly equal',
      'Count vowels, customised template',
      'Two paragraphs, blank line inside',
      'Twice, graded by its template',
    ]);
    for (const { program } of questions) expect(program.coderunner, name(program)).not.toBeNull();
  });

  for (const { program } of questions)
    it(`${name(program)}: the same verdict for each test of its answer and its mutants`, async () => {
      figure.tests += program.tests.length;
      const answers = [
        { name: 'its own answer', code: program.reference_solution },
        ...mutantsOf(program.reference_solution),
      ];
      figure.answers += answers.length;
      figure.mutants += answers.length - 1;
      const { template, combinator, parameters, hoist, all_or_nothing, template_grader, mark_scale } =
        program.coderunner!;
      // Graded here side by side (the grader's own queue keeps to its processes), there one by one.
      const graded = answers.map((answer, index) =>
        grader.grade(`harness-${index}`, answer.code, program.tests, {
          template: { template, combinator, parameters, hoist, markScale: mark_scale },
          allOrNothing: all_or_nothing,
          templateGrader: template_grader,
        }),
      );
      for (const [index, answer] of answers.entries()) {
        const there = coderunnerResults(program, answer.code);
        const expected = there.map((test) => test.passed);
        const result = await graded[index]!;
        const here = result.tests.map((test) => test.verdict === 'passed');
        // Each row CodeRunner shows is shown in full here, and each it hides is a hidden one here.
        const shownThere = there.flatMap((test, i) => (test.ran ? [[i, test.shown]] : []));
        const shownHere = shownThere.map(([i]) => [i, result.tests[i as number]!.visible]);
        figure.rows += shownThere.length;
        expect(shownHere, `${answer.name}: which results are shown`).toEqual(shownThere);
        figure.verdicts += expected.length;
        const agreeing = expected.filter((verdict, index) => verdict === here[index]).length;
        figure.agreements += agreeing;
        if (knownGaps.has(`${name(program)} / ${answer.name}`)) {
          figure.known += expected.length - agreeing;
          expect(here, `${answer.name} is in known-gaps.json but now agrees: remove it there`).not.toEqual(expected);
          continue;
        }
        expect(
          here,
          `${answer.name}: ${JSON.stringify(result.tests.map((t) => t.message))} ${result.compile.output}`,
        ).toEqual(expected);
        // Its own answer passes every test, as on Moodle.
        if (answer.name === 'its own answer') expect(expected.every(Boolean), 'on CodeRunner').toBe(true);
      }
    }, 120_000);

  it('a penalty regime takes off what CodeRunner’s behaviour takes off, try after try', () => {
    const regimes = ['0', '10, 20, ...', '0, 10, 20, ...', '15, 30, 50 ...', '33.3, 66.6', '0,5,10,30,...', '25%'];
    for (const written of regimes) {
      const stored = normalPenaltyRegime(written)!;
      for (let tries = 0; tries < 15; tries++)
        expect(1 - penaltyPercent(stored, tries) / 100, `${written} after ${tries}`).toBeCloseTo(
          adjustedFraction(stored, tries),
          9,
        );
    }
  });

  it('the graders alone agree on outputs changed the ways students change them', () => {
    const changes: ((text: string) => string)[] = [
      (text) => text,
      (text) => `${text}\n`,
      (text) => text.replace(/\n$/, ''),
      (text) => text.replace(/\n/g, '  \n'),
      (text) => text.replace(/\n/, '\n\n'),
      (text) => `\n${text}`,
      (text) => text.replace(/ /g, '   '),
      (text) => text.replace(/ /g, ''),
      (text) => text.toUpperCase(),
      (text) => text.toLowerCase(),
      (text) => text.replace(/\n/g, '\r\n'),
      (text) => text.replace(/ /g, '\t'),
      (text) => text.replace(/\d/, (digit) => String((Number(digit) + 1) % 10)),
      (text) => `${text}\n\n\n`,
      (text) => ` ${text}`,
    ];
    // A template grader's tests are graded by its program, not by an output grader.
    for (const { program } of questions.filter(({ program }) => !program.coderunner!.template_grader))
      for (const test of program.tests) {
        // The outputs a program might print: the expected text (or, for a pattern, the text it was written for).
        const sample =
          test.checker === 'regex_search'
            ? test.expected_output.replace(/[\^$\\]|\.(?=[a-z])/g, '')
            : test.expected_output;
        for (const change of changes) {
          const output = change(sample);
          const there = gradeLikeCoderunner(graderOf(test.checker), test.expected_output, output);
          const here = checkOutput(
            { checker: test.checker, expected: test.expected_output, tolerance: 0 },
            output,
          ).passed;
          outputFigure.outputs++;
          if (there === here) outputFigure.agreements++;
          expect(here, `${test.checker} ${JSON.stringify(test.expected_output)} on ${JSON.stringify(output)}`).toBe(
            there,
          );
        }
      }
  });
});

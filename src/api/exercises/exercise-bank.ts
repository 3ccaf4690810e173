/**
 * The exercise bank's file formats: this site's own (a JSON file of programs with their tests, what Export writes)
 * and Moodle XML with CodeRunner C questions, read where they map cleanly. Each question either becomes a program
 * or is left out with the reason, never half-imported.
 */
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import {
  type BankProgram,
  bankFileSchema,
  BANK_FORMAT,
  type ImportSkipped,
  testCaseInputSchema,
} from '../../contracts/exercises.js';
import { plainText } from './html-text.js';

export interface ParsedBank {
  programs: BankProgram[];
  skipped: ImportSkipped[];
}

/** The first problem zod found, in words. */
const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'it is not valid';
};

/** A file of ours: every program checked by the same rules as the editor's save. */
function readOwnFile(json: unknown): ParsedBank {
  const file = bankFileSchema.safeParse(json);
  if (!file.success) return { programs: [], skipped: [{ name: 'the file', reason: firstIssue(file.error) }] };
  return { programs: file.data.programs, skipped: [] };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'question' || name === 'testcase',
});

type XmlNode = Record<string, unknown>;
/** A Moodle field's text: `<x><text>…</text></x>` or `<x>…</x>`. */
function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && 'text' in (node as XmlNode)) return text((node as XmlNode).text);
  if (typeof node === 'object' && '#text' in (node as XmlNode)) return String((node as XmlNode)['#text']);
  return '';
}

/** CodeRunner's graders that compare output, and the checker of ours each is. */
const GRADERS: Record<string, 'trimmed' | 'exact' | 'ignore_case' | 'regex'> = {
  '': 'trimmed',
  EqualityGrader: 'trimmed',
  ExactEqualityGrader: 'exact',
  NearEqualityGrader: 'ignore_case',
  RegexGrader: 'regex',
};

function readQuestion(question: XmlNode): BankProgram | ImportSkipped {
  const name = plainText(text(question.name)) || 'a question without a name';
  const skip = (reason: string): ImportSkipped => ({ name, reason });
  if (question['@_type'] !== 'coderunner')
    return skip(`it is a ${String(question['@_type'])} question, not CodeRunner`);
  const type = text(question.coderunnertype).trim();
  if (type !== 'c_program' && type !== 'c_function')
    return skip(`its type is ${type || 'not given'}; only c_program and c_function questions are C`);
  if (text(question.template).trim())
    return skip('it has a customised template, which its tests may rely on; copy it by hand');
  if (text(question.iscombinatortemplate).trim() === '1') return skip('it uses a combinator template');
  const grader = text(question.grader).trim();
  const checker = GRADERS[grader];
  if (!checker) return skip(`it is graded by ${grader}, which has no equal here`);
  const cases = ((question.testcases as XmlNode | undefined)?.testcase as XmlNode[] | undefined) ?? [];
  // Test types 0 and 2 are run on a check; 1 is a precheck only.
  const run = cases.filter((test) => String(test['@_testtype'] ?? '0') !== '1');
  if (run.length === 0) return skip('it has no test cases');
  const marks = run.map((test) => Number(test['@_mark'] ?? 1));
  // Points are whole numbers: fractional marks (0.5) are counted in tenths.
  const scale = marks.every((mark) => Number.isInteger(mark)) ? 1 : 10;
  const tests = [];
  for (const [index, test] of run.entries()) {
    const parsed = testCaseInputSchema.safeParse({
      stdin: text(test.stdin),
      expected_output: text(test.expected),
      visible: text(test.display).trim().toUpperCase() !== 'HIDE',
      points: Math.min(100, Math.max(0, Math.round(marks[index]! * scale))),
      checker,
      test_code: type === 'c_function' ? text(test.testcode) : '',
    });
    if (!parsed.success) return skip(`test ${index + 1}: ${firstIssue(parsed.error)}`);
    tests.push(parsed.data);
  }
  const task = plainText(text(question.questiontext));
  const program = {
    task: [name, task].filter(Boolean).join('\n\n'),
    starter_code: text(question.answerpreload),
    reference_solution: text(question.answer),
    no_leaks: false,
    tests,
  };
  const checked = bankFileSchema.shape.programs.element.safeParse(program);
  return checked.success ? checked.data : skip(firstIssue(checked.error));
}

function readMoodle(xml: string): ParsedBank {
  // A Moodle export declares no entities: one that does is refused before any is expanded.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    return {
      programs: [],
      skipped: [{ name: 'the file', reason: 'it declares a DOCTYPE, which a Moodle export never does' }],
    };
  let document: XmlNode;
  try {
    document = parser.parse(xml, true) as XmlNode;
  } catch (error) {
    return {
      programs: [],
      skipped: [
        { name: 'the file', reason: `it is not well-formed XML (${error instanceof Error ? error.message : error})` },
      ],
    };
  }
  const questions = ((document.quiz as XmlNode | undefined)?.question as XmlNode[] | undefined) ?? [];
  const parsed: ParsedBank = { programs: [], skipped: [] };
  for (const question of questions) {
    // Moodle writes a "category" pseudo-question before each category's questions.
    if (question['@_type'] === 'category') continue;
    const result = readQuestion(question);
    if ('reason' in result) parsed.skipped.push(result);
    else parsed.programs.push(result);
  }
  if (questions.length === 0) parsed.skipped.push({ name: 'the file', reason: 'it has no <quiz> of questions' });
  return parsed;
}

/** Reads a bank file: this site's JSON, or Moodle XML with CodeRunner questions. */
export function readBankFile(content: string): ParsedBank {
  const start = content.trimStart();
  if (start.startsWith('<')) return readMoodle(content);
  try {
    return readOwnFile(JSON.parse(content));
  } catch {
    return {
      programs: [],
      skipped: [{ name: 'the file', reason: `it is neither a ${BANK_FORMAT} JSON file nor Moodle XML` }],
    };
  }
}

/**
 * The exercise bank's file formats: this site's own (a JSON file of programs with their tests, what Export writes)
 * and Moodle XML with CodeRunner C questions, read where they map cleanly. Each question either becomes a program
 * or is left out with the reason, never half-imported.
 */
import { type EntityDecoderOptions, XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import {
  type BankProgram,
  bankFileSchema,
  BANK_FORMAT,
  type ImportSkipped,
  testCaseInputSchema,
} from '../../../contracts/exercises/authoring.js';
import { EXERCISE_LIMITS } from '../../../contracts/exercises/limits.js';
import { plainText } from './html-text.js';
import { normalPenaltyRegime, takesNothingOff } from '../../../contracts/penalty-regime.js';
import { CODERUNNER_PROTOTYPES } from '../../grader/coderunner-template.js';

export interface ParsedBank {
  programs: BankProgram[];
  skipped: ImportSkipped[];
  /** What an imported question had that is not carried over, in the teacher's words (its name, and what). */
  dropped?: ImportSkipped[];
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

/**
 * XML's own five entities; any other is undeclared (a Moodle export declares none), so the file is not well-formed.
 * A Map, so a name such as `constructor` is no more than undeclared.
 */
const XML_ENTITIES = new Map(Object.entries({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }));

/** A code point XML 1.0 allows as a character: a reference to any other makes the file not well-formed. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** The longest reference read, `;` included (`&#x10FFFF;` is 10; a few leading zeros are allowed). */
const REFERENCE_MAX = 32;

/**
 * An element's text or an attribute's value with its references read, in one scan (what it cannot read stops the
 * parse, and the file is refused with the reason): `&lt;` and the other four, and
 * `&#65;` or `&#x41;`. A reference to no character XML allows (past U+10FFFF, a surrogate half, NUL) is a
 * well-formedness error, said as such: the text is a test's input or expected output, where a replacement character
 * would change what the test checks. CDATA sections are not passed here: their text is taken as it is.
 */
function xmlText(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (let amp = text.indexOf('&'); amp !== -1; amp = text.indexOf('&', at)) {
    // A reference is short: its `;` is looked for in the next few characters only, so no `&` costs a long search.
    const semicolon = text.slice(amp + 1, amp + 1 + REFERENCE_MAX).indexOf(';');
    const name = semicolon === -1 ? '' : text.slice(amp + 1, amp + 1 + semicolon);
    let read = XML_ENTITIES.get(name);
    if (/^#(?:[0-9]+|x[0-9a-fA-F]+)$/.test(name)) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (!isXmlChar(code)) throw new Error(`&${name}; names no character XML allows`);
      read = String.fromCodePoint(code);
    }
    if (read === undefined) {
      const shown = semicolon === -1 ? `${text.slice(amp, amp + 12)}…` : `&${name};`;
      throw new Error(`${shown} is not a reference XML knows; in a Moodle export such text is in CDATA`);
    }
    parts.push(text.slice(at, amp), read);
    at = amp + semicolon + 2;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** fast-xml-parser's entity step, replaced by the reading above; a declared entity is never taken (see below). */
const xmlEntities: EntityDecoderOptions = {
  decode: xmlText,
  addInputEntities: (entities) => {
    // Not reached: a declaration is refused before parsing. Here too, so no declared entity is ever expanded.
    if (Object.keys(entities).length > 0) throw new Error('it declares entities');
  },
  setExternalEntities: () => undefined,
  reset: () => undefined,
  // XML 1.1 allows a few more control characters by reference; Moodle writes 1.0, and 1.0's rule is kept.
  setXmlVersion: () => undefined,
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'question' || name === 'testcase',
  entityDecoder: xmlEntities,
});

/**
 * True when the XML has a markup declaration (`<!DOCTYPE`, `<!ENTITY`, …) outside comments, CDATA sections and
 * processing instructions: in the prolog, where a DOCTYPE would declare entities, or anywhere else markup can start.
 * The same words inside CDATA, or as text (`&lt;!DOCTYPE html&gt;`), are a program's text and are left alone. One
 * pass: each search starts where the last one ended.
 */
function declaresMarkup(xml: string): boolean {
  const skip = (from: number, opening: string, closing: string) => {
    const end = xml.indexOf(closing, from + opening.length);
    // Unclosed: the parser says so.
    return end === -1 ? -1 : xml.indexOf('<', end + closing.length);
  };
  for (let at = xml.indexOf('<'); at !== -1;) {
    if (xml.startsWith('<!--', at)) at = skip(at, '<!--', '-->');
    else if (xml.startsWith('<![CDATA[', at)) at = skip(at, '<![CDATA[', ']]>');
    else if (xml.startsWith('<?', at)) at = skip(at, '<?', '?>');
    else if (xml.startsWith('<!', at)) return true;
    else at = xml.indexOf('<', at + 1);
  }
  return false;
}

type XmlNode = Record<string, unknown>;
/** A Moodle field's text: `<x><text>…</text></x>` or `<x>…</x>`. */
function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && 'text' in (node as XmlNode)) return text((node as XmlNode).text);
  if (typeof node === 'object' && '#text' in (node as XmlNode)) return String((node as XmlNode)['#text']);
  return '';
}

/**
 * CodeRunner's graders that compare output, and the checker of ours that applies each as CodeRunner does; none
 * named is the C prototypes' EqualityGrader.
 */
const GRADERS: Record<string, 'equality' | 'near_equality' | 'regex_search'> = {
  '': 'equality',
  EqualityGrader: 'equality',
  NearEqualityGrader: 'near_equality',
  RegexGrader: 'regex_search',
};

/** A question's template parameters (a JSON object), or null when they are not one. */
function templateParameters(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What a question has that this site does not carry over, said so a teacher knows what changes for students. */
function notCarried(question: XmlNode, cases: XmlNode[]): string[] {
  const notes: string[] = [];
  const regime = text(question.penaltyregime).trim();
  if (regime && !normalPenaltyRegime(regime))
    notes.push(`its penalty regime (${regime.slice(0, 40)}) is not a list of percentages, so none is applied`);
  else if (!regime && Number(text(question.penalty).trim() || 0) > 0)
    notes.push('its penalty per try (from before CodeRunner had penalty regimes) is not applied');
  const prechecks = cases.filter((test) => String(test['@_testtype'] ?? '0') === '1').length;
  if (prechecks)
    notes.push(`${prechecks} precheck-only test${prechecks > 1 ? 's are' : ' is'} left out: there is no Precheck here`);
  if (cases.some((test) => text(test.extra).trim()))
    notes.push('the tests’ Extra fields are not kept (TEST.extra is empty here)');
  if (text(question.cputimelimitsecs).trim() || text(question.memlimitmb).trim())
    notes.push('its own time or memory limit is not kept: this site’s limits apply');
  if (
    text(question.sandboxparams).trim() &&
    !/^\{\s*"linkargs"\s*:\s*\[\s*"-lm"\s*\]\s*\}$/.test(text(question.sandboxparams).trim())
  )
    notes.push('its sandbox parameters (compiler options) are not kept: programs here are built with Clang');
  return notes;
}

function readQuestion(question: XmlNode): (BankProgram & { notes: string[] }) | ImportSkipped {
  const name = plainText(text(question.name)) || 'a question without a name';
  const skip = (reason: string): ImportSkipped => ({ name, reason });
  if (question['@_type'] !== 'coderunner')
    return skip(`it is a ${String(question['@_type'])} question, not CodeRunner`);
  const type = text(question.coderunnertype).trim();
  if (type !== 'c_program' && type !== 'c_function')
    return skip(`its type is ${type || 'not given'}; only c_program and c_function questions are C`);
  // A question's own template (customised) stands in for its prototype's, as on Moodle.
  const prototype = CODERUNNER_PROTOTYPES[type];
  const ownTemplate = text(question.template);
  const combinatorField = text(question.iscombinatortemplate).trim();
  const combinator = ownTemplate.trim() && combinatorField ? combinatorField === '1' : prototype.combinator;
  const splitter = text(question.testsplitterre).trim();
  if (combinator && splitter && splitter !== '|#<ab@17943918#@>#\\n|ms')
    return skip('its combinator template splits its output its own way, which this site cannot follow');
  const grader = text(question.grader).trim();
  const templateGrader = grader === 'TemplateGrader';
  if (templateGrader && combinator)
    return skip(
      'it is graded by a combinator template (TemplateGrader), which gives one mark for all its tests at once; this site grades a template grader one test at a time',
    );
  // A template grader's own verdict stands; the test's checker is never used.
  const checker = templateGrader ? 'exact' : GRADERS[grader];
  if (!checker) return skip(`it is graded by ${grader}, which CodeRunner does not have`);
  const parameters = templateParameters(text(question.templateparams));
  if (!parameters) return skip('its template parameters are not a JSON object (Twig-made parameters are not read)');
  const cases = ((question.testcases as XmlNode | undefined)?.testcase as XmlNode[] | undefined) ?? [];
  // Test types 0 and 2 are run on a check; 1 is a precheck only.
  const run = cases.filter((test) => String(test['@_testtype'] ?? '0') !== '1');
  if (run.length === 0) return skip('it has no test cases');
  // Said before any is read: a program takes no more, and reading thousands only to refuse them is wasted.
  if (run.length > EXERCISE_LIMITS.maxTests)
    return skip(`it has ${run.length} test cases; a program here takes at most ${EXERCISE_LIMITS.maxTests}`);
  const marks = run.map((test) => Number(test['@_mark'] ?? 1));
  const penaltyRegime = normalPenaltyRegime(text(question.penaltyregime).trim()) ?? '';
  // Points are whole numbers: fractional marks (0.5), marks a penalty regime takes a part of, and a template
  // grader's part marks count in tenths — unless a mark in tenths would pass a test's 100 points.
  const wantsTenths =
    !marks.every((mark) => Number.isInteger(mark)) || !takesNothingOff(penaltyRegime) || templateGrader;
  const scale = wantsTenths && Math.max(...marks) * 10 <= EXERCISE_LIMITS.maxPoints ? 10 : 1;
  const capped = marks.filter((mark) => mark * scale > EXERCISE_LIMITS.maxPoints);
  const tests = [];
  for (const [index, test] of run.entries()) {
    const display = text(test.display).trim().toUpperCase();
    const parsed = testCaseInputSchema.safeParse({
      stdin: text(test.stdin),
      expected_output: text(test.expected),
      // CodeRunner's display: SHOW, HIDE, HIDE_IF_FAIL (shown only when it passes), HIDE_IF_SUCCEED (only when not).
      visible: display !== 'HIDE',
      shown: display === 'HIDE_IF_FAIL' ? 'when_passed' : display === 'HIDE_IF_SUCCEED' ? 'when_failed' : 'always',
      hide_rest_if_fail: String(test['@_hiderestiffail'] ?? '0') === '1',
      points: Math.min(EXERCISE_LIMITS.maxPoints, Math.max(0, Math.round(marks[index]! * scale))),
      checker,
      // The template places it (TEST.testcode): in main for c_function, anywhere in a customised template.
      test_code: text(test.testcode),
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
    coderunner: {
      template: ownTemplate.trim() ? ownTemplate : prototype.template,
      combinator,
      parameters,
      hoist: text(question.hoisttemplateparams).trim() === '1',
      all_or_nothing: text(question.allornothing).trim() !== '0',
      penalty_regime: takesNothingOff(penaltyRegime) ? '' : penaltyRegime,
      template_grader: templateGrader,
      mark_scale: scale,
    },
  };
  const checked = bankFileSchema.shape.programs.element.safeParse(program);
  const notes = notCarried(question, cases);
  if (capped.length > 0)
    notes.push(
      `a test's mark of ${Math.max(...capped)} counts as ${EXERCISE_LIMITS.maxPoints} points here (a test is worth at most ${EXERCISE_LIMITS.maxPoints})`,
    );
  return checked.success ? { ...checked.data, notes } : skip(firstIssue(checked.error));
}

const refused = (reason: string): ParsedBank => ({ programs: [], skipped: [{ name: 'the file', reason }] });

function readMoodle(xml: string): ParsedBank {
  // A Moodle export declares no entities: one that does is refused before any is expanded.
  if (declaresMarkup(xml)) return refused('it declares a DOCTYPE, which a Moodle export never does');
  let document: XmlNode;
  try {
    document = parser.parse(xml, true) as XmlNode;
  } catch (error) {
    // Elements nested tens of thousands deep run the parser out of stack: not an XML error, and said so.
    if (error instanceof RangeError) return refused('it is nested too deeply to read');
    return refused(`it is not well-formed XML (${error instanceof Error ? error.message : String(error)})`);
  }
  const questions = ((document.quiz as XmlNode | undefined)?.question as XmlNode[] | undefined) ?? [];
  const parsed: ParsedBank & { dropped: ImportSkipped[] } = { programs: [], skipped: [], dropped: [] };
  for (const question of questions) {
    // Moodle writes a "category" pseudo-question before each category's questions.
    if (question['@_type'] === 'category') continue;
    const result = readQuestion(question);
    if ('reason' in result) {
      parsed.skipped.push(result);
      continue;
    }
    const { notes, ...program } = result;
    parsed.programs.push(program);
    const name = program.task.split('\n')[0]!;
    for (const note of notes) parsed.dropped.push({ name, reason: note });
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

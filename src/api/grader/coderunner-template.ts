/**
 * A CodeRunner question's template, rendered as Moodle renders it (qtype_coderunner's `classes/twig.php` and
 * `jobrunner.php`): Twig, without autoescaping, in a sandbox that allows CodeRunner's list of tags, filters and
 * functions, with the variables CodeRunner documents — STUDENT_ANSWER, TEST (a per-test template) or TESTCASES (a
 * combinator), QUESTION.parameters, IS_PRECHECK — and its `e('c')`, `e('py')` and `e('matlab')` escapers.
 *
 * Twing renders it: a port of Twig 3 (what CodeRunner runs) that interprets the template's syntax tree (no
 * generated JavaScript, no eval) and is given only the template itself (an array loader: `include` and `source`
 * find nothing else, never a file). Rendering is bounded by its caller: the grader renders in a worker thread with
 * a time limit (template-worker.ts), the import reader in its own.
 */
import {
  createSandboxSecurityPolicy,
  createSynchronousArrayLoader,
  createSynchronousEnvironment,
  type TwingSandboxSecurityPolicy,
  type TwingSynchronousEnvironment,
} from 'twing';
import type { TestShownWhen } from '../../contracts/exercises/limits.js';

/** CodeRunner's built-in C prototypes (db/builtin_PROTOTYPES.xml), as Moodle runs them. */
export const CODERUNNER_PROTOTYPES = {
  c_function: {
    template: `#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <stdbool.h>
#include <math.h>
#define SEPARATOR "#<ab@17943918#@>#"

{{ STUDENT_ANSWER }}

int main() {
{% for TEST in TESTCASES %}
   {
    {{ TEST.testcode }};
   }
    {% if not loop.last %}printf("%s\\n", SEPARATOR);{% endif %}
{% endfor %}
    return 0;
}`,
    combinator: true,
  },
  c_program: { template: '{{ STUDENT_ANSWER }}', combinator: false },
} as const;

/** What a combinator's output is split at (the built-in prototypes' `testsplitterre`, `|#<ab@17943918#@>#\n|ms`). */
export const COMBINATOR_SEPARATOR = '#<ab@17943918#@>#\n';

/** A test case as a template sees it (CodeRunner's test case row). */
export interface TemplateTest {
  testcode: string;
  stdin: string;
  expected: string;
  extra: string;
  display: string;
  mark: number;
  hiderestiffail: boolean;
  useasexample: boolean;
  testtype: number;
}

/** A course test as a CodeRunner template sees it (what the import kept of the question's test row). */
export function templateTestOf(
  test: {
    test_code: string;
    stdin: string;
    expected_output: string;
    visible: boolean;
    shown: TestShownWhen;
    hide_rest_if_fail: boolean;
    points: number;
  },
  /** Points per Moodle mark (ProgramTemplate's markScale). */
  markScale = 1,
): TemplateTest {
  const display = { always: 'SHOW', when_passed: 'HIDE_IF_FAIL', when_failed: 'HIDE_IF_SUCCEED' } as const;
  return {
    testcode: test.test_code,
    stdin: test.stdin,
    expected: test.expected_output,
    extra: '',
    display: test.visible ? display[test.shown] : 'HIDE',
    mark: test.points / markScale,
    hiderestiffail: test.hide_rest_if_fail,
    useasexample: false,
    testtype: 0,
  };
}

/** How a question's tests are run: one program per test (TEST), or one for all (TESTCASES). */
export interface ProgramTemplate {
  template: string;
  combinator: boolean;
  /** QUESTION.parameters (the question's template parameters, a JSON object), and hoisted when asked. */
  parameters: Record<string, unknown>;
  hoist: boolean;
  /** Points per Moodle mark, when the question's marks are counted in tenths (10); 1 otherwise. */
  markScale?: number;
}

/** CodeRunner's policy (twig.php `get_policy`): the tags, filters and functions a template may use. */
const tagsAndCalls = createSandboxSecurityPolicy({
  // CodeRunner's list less what loads another template (include, extends, embed, use): there is none to load.
  allowedTags: ['apply', 'block', 'do', 'flush', 'for', 'from', 'if', 'import', 'macro', 'set', 'verbatim', 'with'],
  allowedFilters: [
    'abs',
    'batch',
    'capitalize',
    'column',
    'default',
    'e',
    'escape',
    'filter',
    'first',
    'format',
    'join',
    'json_encode',
    'keys',
    'last',
    'length',
    'lower',
    'map',
    'merge',
    'nl2br',
    'number_format',
    'raw',
    'reduce',
    'replace',
    'reverse',
    'round',
    'slice',
    'sort',
    'spaceless',
    'split',
    'striptags',
    'title',
    'trim',
    'upper',
    'url_encode',
  ],
  allowedFunctions: ['attribute', 'cycle', 'max', 'min', 'range', 'random'],
});

/**
 * The data a template is given is plain objects and arrays of ours (and Twing's `loop`): any property of their own
 * may be read (as CodeRunner allows every property of its stdClass rows), nothing of their prototypes
 * (`TEST.constructor`), and no method called.
 */
const policy: TwingSandboxSecurityPolicy = {
  checkSecurity: (tags, filters, functions) => tagsAndCalls.checkSecurity(tags, filters, functions),
  checkMethodAllowed: (_candidate, method) => {
    throw new Error(`Calling the method "${method}" is not allowed.`);
  },
  checkPropertyAllowed: (candidate: unknown, property) => {
    // Twing's own `loop` is a Map.
    const own =
      candidate instanceof Map
        ? candidate.has(property)
        : typeof candidate === 'object' && candidate !== null && Object.hasOwn(candidate, property);
    if (!own) throw new Error(`Reading "${property}" is not allowed.`);
  },
};

/** CodeRunner's escapers (classes/escapers.php): `c` and `java` alike, `py`/`python`, `ml`/`matlab`. */
const escapeJava = (text: string) =>
  text.replace(/[\\'"\n\r\t\f\b]/g, (char) => {
    const escapes: Record<string, string> = {
      '\\': '\\\\',
      "'": "\\'",
      '"': '\\"',
      '\n': '\\n',
      '\r': '\\r',
      '\t': '\\t',
      '\f': '\\f',
      '\b': '\\b',
    };
    return escapes[char]!;
  });
const escapePython = (text: string) => text.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
const escapeMatlab = (text: string) =>
  text
    .replaceAll('\\n', '\\\\n')
    .replaceAll("'", "''")
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '')
    .replaceAll('%', '%%');

const NAME = 'template';

function environment(template: string): TwingSynchronousEnvironment {
  // No autoescaping strategy given: none is applied, as CodeRunner sets `autoescape` false.
  const env = createSynchronousEnvironment(createSynchronousArrayLoader({ [NAME]: template }), {
    sandboxPolicy: policy,
  });
  for (const [name, escape] of [
    ['c', escapeJava],
    ['java', escapeJava],
    ['py', escapePython],
    ['python', escapePython],
    ['ml', escapeMatlab],
    ['matlab', escapeMatlab],
  ] as const)
    env.registerEscapingStrategy((text: string) => escape(String(text)), name);
  return env;
}

/** The template's text with the context given; throws the template's error (a Twing error) when it has one. */
function render(template: string, context: Record<string, unknown>): string {
  // As CodeRunner: a blank template renders as it is.
  if (template.trim() === '') return template;
  return environment(template).render(NAME, context, { sandboxed: true });
}

/** The variables every render has, as jobrunner.php and question.php set them. */
function baseContext(answer: string, { parameters, hoist }: ProgramTemplate, precheck: boolean) {
  return {
    ...(hoist ? parameters : {}),
    STUDENT_ANSWER: answer,
    ESCAPED_STUDENT_ANSWER: escapePython(answer),
    MATLAB_ESCAPED_STUDENT_ANSWER: escapeMatlab(answer),
    IS_PRECHECK: precheck ? '1' : '0',
    ANSWER_LANGUAGE: '',
    ATTACHMENTS: '',
    QUESTION: { parameters },
    STUDENT: { username: '', firstname: '', lastname: '', email: '' },
  };
}

/** The program that runs every test at once: a combinator template with TESTCASES all the tests. */
export function renderCombinator(program: ProgramTemplate, answer: string, tests: TemplateTest[]): string {
  return render(program.template, { ...baseContext(answer, program, false), TESTCASES: tests });
}

/** The program that runs one test: TEST for a per-test template, TESTCASES of that one test for a combinator. */
export function renderOneTest(program: ProgramTemplate, answer: string, test: TemplateTest): string {
  const context = baseContext(answer, program, false);
  return render(program.template, program.combinator ? { ...context, TESTCASES: [test] } : { ...context, TEST: test });
}

import { describe, expect, it } from 'vitest';
import {
  CODERUNNER_PROTOTYPES,
  type ProgramTemplate,
  renderCombinator,
  renderOneTest,
  type TemplateTest,
} from './coderunner-template.js';

const test = (fields: Partial<TemplateTest> = {}): TemplateTest => ({
  testcode: '',
  stdin: '',
  expected: '',
  extra: '',
  display: 'SHOW',
  mark: 1,
  hiderestiffail: false,
  useasexample: false,
  testtype: 0,
  ...fields,
});
const program = (template: string, fields: Partial<ProgramTemplate> = {}): ProgramTemplate => ({
  template,
  combinator: false,
  parameters: {},
  hoist: false,
  ...fields,
});

describe('CodeRunner templates, rendered as Moodle renders them', () => {
  it('c_function: the headers before the answer, each test in a block ending with ;, separators between', () => {
    const c = { ...CODERUNNER_PROTOTYPES.c_function, parameters: {}, hoist: false };
    const source = renderCombinator(c, 'int sqr(int n) { return n * n; }', [
      test({ testcode: 'printf("%d\\n", sqr(2))' }),
      test({ testcode: 'printf("%d\\n", sqr(3))' }),
    ]);
    expect(source.indexOf('#include <math.h>')).toBeLessThan(source.indexOf('int sqr'));
    expect(source).toContain('    printf("%d\\n", sqr(2));\n   }\n    printf("%s\\n", SEPARATOR);   {\n');
    expect(source.match(/SEPARATOR\);/g)).toHaveLength(1);
    // One test at a time: TESTCASES is that test alone.
    expect(renderOneTest(c, '', test({ testcode: 'f()' }))).not.toContain('SEPARATOR);');
  });

  it('c_program: the answer as it is; a template sees TEST, QUESTION.parameters and the escapers', () => {
    const c = { ...CODERUNNER_PROTOTYPES.c_program, parameters: {}, hoist: false };
    expect(renderOneTest(c, 'int main(void) { return 0; }', test())).toBe('int main(void) { return 0; }');
    const custom = program('{{ QUESTION.parameters.n }} {{ n }} "{{ TEST.stdin | e("c") }}" {{ IS_PRECHECK }}', {
      parameters: { n: 7 },
      hoist: true,
    });
    expect(renderOneTest(custom, '', test({ stdin: 'a"b\n' }))).toBe('7 7 "a\\"b\\n" 0');
  });

  it('reads nothing but the template and its data: no file, no other template, no prototype, no method', () => {
    for (const template of [
      "{% include '/etc/passwd' %}",
      "{{ source('/etc/passwd') }}",
      "{{ include('x') }}",
      '{{ TEST.constructor }}',
      '{{ TEST.toString() }}',
      "{{ constant('PHP_VERSION') }}",
    ])
      expect(() => renderOneTest(program(template), '', test()), template).toThrow();
  });
});

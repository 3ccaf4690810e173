import { describe, expect, it } from 'vitest';
import { originalColumn, originalNames, originalOutput, rewriteAllocations } from './allocation-lines.js';

describe('allocation lines', () => {
  it('rewrites calls to malloc, calloc, realloc and free with their line', () => {
    const source = [
      'int *a = malloc(5 * sizeof *a);',
      'int *b = (int *) calloc (3, 4);',
      'a = realloc(a, 40); free(a);',
      'return malloc(1);',
    ].join('\n');
    expect(rewriteAllocations(source).code).toBe(
      [
        'int *a = __checks_malloc(__LINE__, 5 * sizeof *a);',
        'int *b = (int *) __checks_calloc(__LINE__, 3, 4);',
        'a = __checks_realloc(__LINE__, a, 40); __checks_free(__LINE__, a);',
        'return __checks_malloc(__LINE__, 1);',
      ].join('\n'),
    );
  });

  it('leaves comments, strings, declarations, definitions, members and #defines alone', () => {
    const source = [
      '/* malloc(1) */ // free(p)',
      'printf("free(%p)\\n", p); char c = \'(\';',
      'void *malloc(unsigned long n);',
      'void free(void *p) { }',
      'pool.free(p); pool->malloc(3);',
      '#define free(p) release(p)',
    ].join('\n');
    expect(rewriteAllocations(source).code).toBe(source);
  });

  it('maps columns and names of compiler messages back to the code as written', () => {
    const rewritten = rewriteAllocations('int *p = malloc(4); int x = y;');
    // "int x" is further right in the rewritten line: its column maps back to the 21st as written.
    expect(originalColumn(rewritten, 1, rewritten.code.indexOf('int x') + 1)).toBe(21);
    expect(originalColumn(rewritten, 1, 5)).toBe(5);
    expect(originalNames("too few arguments to function call, expected 2, have 1 in '__checks_malloc'")).toBe(
      "too few arguments to function call, expected 2, have 1 in 'malloc'",
    );
  });

  it("quotes the student's own line in the compiler's output, with its marker under the same token", () => {
    const source = '#include <stdio.h>\nint main(void) {\n  fprintf(stdout, "%d\\n", missing);\n}\n';
    const rewritten = rewriteAllocations(source);
    const original = source.split('\n')[2]!;
    const line = rewritten.code.split('\n')[2]!;
    expect(line).toContain('__checks_fprintf(__LINE__, ');
    const at = line.indexOf('missing');
    const output = [
      `main.c:3:${at + 1}: error: use of undeclared identifier 'missing'`,
      `    3 | ${line}`,
      `      | ${' '.repeat(at)}^~~~~~~`,
      '1 error generated.',
    ].join('\n');
    expect(originalOutput(output, rewritten, source).split('\n')).toEqual([
      `main.c:3:${original.indexOf('missing') + 1}: error: use of undeclared identifier 'missing'`,
      `    3 | ${original}`,
      `      | ${' '.repeat(original.indexOf('missing'))}^~~~~~~`,
      '1 error generated.',
    ]);
  });
});

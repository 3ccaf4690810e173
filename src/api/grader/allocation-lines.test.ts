import { describe, expect, it } from 'vitest';
import { originalColumn, originalNames, rewriteAllocations } from './allocation-lines.js';

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
});

/** The oracle's mutation operators, each on a small program: what it changes, where, and what it leaves alone. */
import { describe, expect, it } from 'vitest';
import {
  bufferShrunk,
  doubleFree,
  fcloseEarly,
  fcloseMissing,
  freeEarly,
  freeMissing,
  indexOffByOne,
  loopBound,
  maskLines,
  memmoveToMemcpy,
  mutantsOf,
  noBaseCase,
  noInitialiser,
  type Mutation,
  returnLocalArray,
  scanfNoAmpersand,
  sizeofPointer,
  strlenNoPlusOne,
} from './mutate.js';
import { readSeeds } from './seeds.js';

const c = (...lines: string[]) => `${lines.join('\n')}\n`;
/** Each mutant as its line number and that line's text. */
const at = (mutations: Mutation[]) => mutations.map((m) => [m.line, m.code.split('\n')[m.line - 1]!.trim()]);

describe('masking', () => {
  it('blanks strings, characters and comments, keeping the columns', () => {
    const [line] = maskLines('printf("a < b; free(p);"); /* x < y */ c = \'<\'; // i < n');
    expect(line).toBe(`printf("${' '.repeat(15)}");${' '.repeat(13)}c = ' ';${' '.repeat(9)}`);
  });
  it('follows a comment over lines', () => {
    expect(maskLines('/* for (i = 0;\n i < n; */ x = 1;')).toEqual([' '.repeat(14), `${' '.repeat(11)}x = 1;`]);
  });
});

describe('loop-bound', () => {
  it('makes a for loop run one step further, once per loop', () => {
    const code = c('for (int i = 0; i < n; i++) {', '  if (a[i] < 3) x++;', '}', 'while (i < n) i++;');
    expect(at(loopBound(code))).toEqual([[1, 'for (int i = 0; i <= n; i++) {']]);
  });
  it('leaves a `<<` or a `<` inside a string alone', () => {
    expect(loopBound(c('for (i = 0; i << 2; i++) {}', 'printf("for (;i < n;)");'))).toEqual([]);
  });
});

describe('strlen-no-plus-one', () => {
  it('drops the room for the closing NUL in an allocation only', () => {
    const code = c(
      'char *s = malloc(strlen(src) + 1);',
      'int n = strlen(src) + 1;',
      'p = malloc(strlen(a) + strlen(b) + 1);',
    );
    expect(at(strlenNoPlusOne(code))).toEqual([
      [1, 'char *s = malloc(strlen(src));'],
      [3, 'p = malloc(strlen(a) + strlen(b));'],
    ]);
  });
});

describe('sizeof-pointer', () => {
  it('takes the size of the pointer in both spellings', () => {
    const code = c('struct node *n = malloc(sizeof(*n));', 'int *v = malloc(k * sizeof *v);', 'x = sizeof(int);');
    expect(at(sizeofPointer(code))).toEqual([
      [1, 'struct node *n = malloc(sizeof(n));'],
      [2, 'int *v = malloc(k * sizeof(v));'],
    ]);
  });
});

describe('free-early and fclose-early', () => {
  it('moves the free before the last use in its block', () => {
    const code = c(
      'int main(void) {',
      '  int *p = malloc(8);',
      '  p[0] = 1;',
      '  printf("%d", p[0]);',
      '  free(p);',
      '}',
    );
    const [mutant] = freeEarly(code);
    expect(mutant!.line).toBe(4);
    expect(
      mutant!.code
        .split('\n')
        .slice(2, 5)
        .map((l) => l.trim()),
    ).toEqual(['p[0] = 1;', 'free(p);', 'printf("%d", p[0]);']);
  });
  it('frees a list node before its next pointer is read', () => {
    const code = c('  while (p) {', '    struct node *next = p->next;', '    free(p);', '    p = next;', '  }');
    expect(at(freeEarly(code))).toEqual([[2, 'free(p);']]);
  });
  it('does not move a free above the line that allocated, nor out of its block', () => {
    expect(freeEarly(c('  p = malloc(4);', '  free(p);'))).toEqual([]);
    expect(freeEarly(c('  use(p);', '  {', '    free(p);', '  }'))).toEqual([]);
  });
  it('moves an fclose before the last read of its file', () => {
    const code = c('  FILE *f = fopen("a", "r");', '  fscanf(f, "%d", &x);', '  fclose(f);');
    expect(at(fcloseEarly(code))).toEqual([[2, 'fclose(f);']]);
  });
});

describe('double-free, free-missing, fclose-missing', () => {
  const code = c('int main(void) {', '  free(p);', '  fclose(f);', '}');
  it('writes a free twice, the second on the next line', () => {
    expect(at(doubleFree(code))).toEqual([[3, 'free(p);']]);
  });
  it('blanks the free or the fclose, keeping the lines below where they were', () => {
    expect(freeMissing(code).map((m) => [m.line, m.code.split('\n')])).toEqual([
      [2, ['int main(void) {', '', '  fclose(f);', '}', '']],
    ]);
    expect(fcloseMissing(code).map((m) => m.line)).toEqual([3]);
  });
});

describe('no-initialiser', () => {
  it('removes a local scalar or array initialiser, not a global one nor a loop counter', () => {
    const code = c(
      'int total = 0;',
      'int f(void) {',
      '  int sum = 0;',
      '  int votes[6] = {0};',
      '  for (int i = 0; i < 3; i++) {}',
      '  static int n = 0;',
      '  char *p = NULL;',
      '}',
    );
    expect(at(noInitialiser(code))).toEqual([
      [3, 'int sum;'],
      [4, 'int votes[6];'],
    ]);
  });
  it('removes one declarator at a time', () => {
    expect(at(noInitialiser(c('void f(void) {', '  int count = 0, total = 0;', '}')))).toEqual([
      [2, 'int count, total = 0;'],
    ]);
  });
});

describe('no-base-case', () => {
  it("blanks a recursive function's first one-line `if … return`", () => {
    const code = c(
      'int fact(int n) {',
      '  if (n <= 1) return 1;',
      '  return n * fact(n - 1);',
      '}',
      'int g(int n) {',
      '  if (n) return 1;',
      '  return 0;',
      '}',
    );
    expect(at(noBaseCase(code))).toEqual([[2, '']]);
  });
});

describe('buffer-shrunk', () => {
  it('shrinks an array declared with a number by one', () => {
    const code = c('char name[6] = "Priya";', '  int marks[10];', 'x = a[3];', 'char one[1];');
    expect(at(bufferShrunk(code))).toEqual([
      [1, 'char name[5] = "Priya";'],
      [2, 'int marks[9];'],
    ]);
  });
});

describe('memmove-to-memcpy', () => {
  it('calls memcpy instead', () => {
    expect(at(memmoveToMemcpy(c('memmove(s, s + 1, n);')))).toEqual([[1, 'memcpy(s, s + 1, n);']]);
  });
});

describe('scanf-no-ampersand', () => {
  it('drops each & of scanf and fscanf in turn', () => {
    const code = c('scanf("%d %d", &a, &b[i]);', 'fscanf(in, "%d", &x);', 'f(&y);');
    expect(at(scanfNoAmpersand(code))).toEqual([
      [1, 'scanf("%d %d", a, &b[i]);'],
      [1, 'scanf("%d %d", &a, b[i]);'],
      [2, 'fscanf(in, "%d", x);'],
    ]);
  });
});

describe('index-off-by-one', () => {
  it("indexes one further with the loop's variable, once per line", () => {
    const code = c(
      'for (int i = 0; i < n; i++) {',
      '  total += marks[i] + w[i];',
      '}',
      'x = marks[i];',
      'for (j = 0; j < 3; j++) s += m[r][j];',
    );
    expect(at(indexOffByOne(code))).toEqual([
      [2, 'total += marks[i + 1] + w[i];'],
      [5, 'for (j = 0; j < 3; j++) s += m[r][j + 1];'],
    ]);
  });
});

describe('return-local-array', () => {
  it('makes the block a function returns a local array of the same size', () => {
    const code = c(
      'char *copy_of(const char *s) {',
      '  char *copy = malloc(strlen(s) + 1);',
      '  strcpy(copy, s);',
      '  return copy;',
      '}',
      'struct node *make(void) {',
      '  struct node *n = malloc(sizeof *n);',
      '  return n;',
      '}',
      'int *numbers(int k) {',
      '  int *v = malloc(k * sizeof(int));',
      '  return v;',
      '}',
    );
    expect(at(returnLocalArray(code))).toEqual([
      [2, 'char copy[strlen(s) + 1];'],
      [7, 'struct node n[1];'],
      [11, 'int v[k];'],
    ]);
  });
});

describe('the seeds', () => {
  const seeds = readSeeds();
  it('give the same mutants every time, each with a different id', () => {
    const once = seeds.flatMap((s) => mutantsOf(s.name, s.code));
    const again = seeds.flatMap((s) => mutantsOf(s.name, s.code));
    expect(again).toEqual(once);
    expect(new Set(once.map((m) => m.id)).size).toBe(once.length);
  });
  it('give mutants of every operator', () => {
    const operators = new Set(seeds.flatMap((s) => mutantsOf(s.name, s.code)).map((m) => m.operator));
    expect(operators.size).toBe(15);
  });
});

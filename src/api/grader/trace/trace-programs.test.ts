/**
 * Reference programs for Step through, each stepped through by the real compiler and runner, with what named steps
 * must show. Stepping back to a step must give exactly the state stepping forward gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrader, type Grader } from '../grader.js';
import { traceMessages } from '../../../contracts/trace.js';
import { SteppedRun } from './step-queries.js';
import { unpackTrace } from './trace-answer.js';

let grader: Grader;
beforeAll(async () => {
  grader = createGrader({ concurrency: 1, timeLimitMs: 10_000, compileLimits: { wallMs: 120_000 } });
  await grader.warmUp();
}, 180_000);
afterAll(() => grader.close());

const trace = async (code: string, stdin = '') => unpackTrace(await grader.trace('tests', code, stdin));
const step = async (code: string, stdin = '') => new SteppedRun(await trace(code, stdin));

describe('reference programs', { timeout: 60_000 }, () => {
  it('1. swaps two ints through pointers', async () => {
    const run = await step(`#include <stdio.h>
void swap(int *a, int *b) {
    int t = *a;
    *a = *b;
    *b = t;
}
int main(void) {
    int x = 3, y = 4;
    swap(&x, &y);
    printf("%d %d\\n", x, y);
    return 0;
}
`);
    const inSwap = run.after(3);
    expect(run.stack(inSwap)).toEqual(['main', 'swap']);
    expect(run.vars(inSwap)).toEqual({ a: '→ x', b: '→ y', t: '3' });
    expect(run.vars(run.after(9))).toMatchObject({ x: '4', y: '3' });
    expect(run.output(run.last)).toBe('4 3\n');
  });

  it('2. builds a linked list of three nodes and frees it', async () => {
    const run = await step(`#include <stdlib.h>
struct node { int value; struct node *next; };
int main(void) {
    struct node *n3 = malloc(sizeof *n3);
    n3->value = 3; n3->next = NULL;
    struct node *n2 = malloc(sizeof *n2);
    n2->value = 2; n2->next = n3;
    struct node *n1 = malloc(sizeof *n1);
    n1->value = 1; n1->next = n2;
    while (n1) {
        struct node *next = n1->next;
        free(n1);
        n1 = next;
    }
    return 0;
}
`);
    const built = run.after(9);
    expect(run.heap(built)).toEqual([
      'live 8 B line 4 {value: 3, next: NULL}',
      'live 8 B line 6 {value: 2, next: → block 1 (line 4)}',
      'live 8 B line 8 {value: 1, next: → block 2 (line 6)}',
    ]);
    expect(run.vars(built).n1).toBe('→ block 3 (line 8)');
    const end = run.last;
    expect(run.heap(end)).toEqual(['freed 8 B line 4 freed', 'freed 8 B line 6 freed', 'freed 8 B line 8 freed']);
  });

  it('3. fills a 2-D array', async () => {
    const run = await step(`int main(void) {
    int grid[2][3];
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 3; c++)
            grid[r][c] = r * 10 + c;
    return grid[1][2];
}
`);
    expect(run.vars(run.after(2)).grid).toBe('[[?, ?, ?], [?, ?, ?]]');
    expect(run.vars(run.stepsAt(6)[0]!).grid).toBe('[[0, 1, 2], [10, 11, 12]]');
  });

  it('4. reverses a string in place', async () => {
    const run = await step(`#include <string.h>
#include <stdio.h>
int main(void) {
    char s[] = "abcd";
    int n = strlen(s);
    for (int i = 0; i < n / 2; i++) {
        char t = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = t;
    }
    puts(s);
    return 0;
}
`);
    expect(run.vars(run.after(4)).s).toBe('"abcd"');
    expect(run.vars(run.after(9, 1)).s).toBe('"dbca"');
    expect(run.vars(run.after(9, 2)).s).toBe('"dcba"');
    expect(run.output(run.last)).toBe('dcba\n');
  });

  it('5. sorts an array of structs', async () => {
    const run = await step(`typedef struct { char name[8]; int marks; } Student;
int main(void) {
    Student s[3] = {{"Asha", 70}, {"Ravi", 90}, {"Meena", 80}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j + 1 < 3 - i; j++)
            if (s[j].marks < s[j + 1].marks) {
                Student t = s[j];
                s[j] = s[j + 1];
                s[j + 1] = t;
            }
    return 0;
}
`);
    expect(run.vars(run.after(3)).s).toBe(
      '[{name: "Asha", marks: 70}, {name: "Ravi", marks: 90}, {name: "Meena", marks: 80}]',
    );
    expect(run.vars(run.stepsAt(11)[0]!).s).toBe(
      '[{name: "Ravi", marks: 90}, {name: "Meena", marks: 80}, {name: "Asha", marks: 70}]',
    );
  });

  it('6. recurses to depth 50, and unwinds', async () => {
    const run = await step(`int depth(int n) {
    if (n == 50) return n;
    return depth(n + 1);
}
int main(void) {
    return depth(1) == 50 ? 0 : 1;
}
`);
    const deepest = run.stepsAt(2)[49]!;
    expect(run.stack(deepest)).toHaveLength(51);
    expect(run.vars(deepest)).toEqual({ n: '50' });
    expect(run.stack(run.stepsAt(6)[0]!)).toEqual(['main']);
    expect(run.result.run?.status).toBe('ok');
  });

  it('7. reads numbers with scanf in a loop', async () => {
    const run = await step(
      `#include <stdio.h>
int main(void) {
    int a, b, sum = 0;
    while (scanf("%d %d", &a, &b) == 2)
        sum += a * b;
    printf("%d\\n", sum);
    return 0;
}
`,
      '3 4\n5 6\n',
    );
    expect(run.vars(run.after(3))).toEqual({ a: '?', b: '?', sum: '0' });
    const first = run.stepsAt(5)[0]!;
    expect(run.vars(first)).toMatchObject({ a: '3', b: '4' });
    // Input read so far is what scanf consumed: "3 4", not the whole input the C library took in one read.
    expect(run.trace.stdin.slice(0, run.state(first).in)).toBe('3 4');
    expect(run.vars(run.stepsAt(5)[1]!)).toEqual({ a: '5', b: '6', sum: '12' });
    expect(run.trace.stdin.slice(0, run.state(run.stepsAt(5)[1]!).in)).toBe('3 4\n5 6');
    expect(run.state(run.last).in).toBe('3 4\n5 6\n'.length);
    expect(run.output(run.last)).toBe('42\n');
  });

  it('8. stops at a dangling pointer, with the error at its last step', async () => {
    const run = await step(`#include <stdlib.h>
#include <stdio.h>
int main(void) {
    int *p = malloc(sizeof *p);
    *p = 7;
    free(p);
    printf("%d\\n", *p);
    return 0;
}
`);
    expect(run.result.run?.status).toBe('runtime_error');
    expect(run.result.run?.line).toBe(7);
    const before = run.stepsAt(7)[0]!;
    expect(run.vars(before).p).toMatch(/^dangling/);
    expect(run.heap(before)).toEqual(['freed 4 B line 4 freed']);
    expect(run.replay.at(run.last).line).toBe(7);
  });

  it('9. grows an array with realloc', async () => {
    const run = await step(`#include <stdlib.h>
int main(void) {
    int *a = malloc(2 * sizeof *a);
    a[0] = 1; a[1] = 2;
    a = realloc(a, 4 * sizeof *a);
    a[2] = 3; a[3] = 4;
    free(a);
    return 0;
}
`);
    const grown = run.after(6);
    expect(run.heap(grown)).toEqual(['freed 8 B line 3 freed', 'live 16 B line 5 [1, 2, 3, 4]']);
    expect(run.vars(grown).a).toBe('→ block 2 (line 5)');
  });

  it('10. builds a binary search tree', async () => {
    const run = await step(`#include <stdlib.h>
typedef struct tree { int key; struct tree *left, *right; } Tree;
Tree *insert(Tree *t, int key) {
    if (!t) {
        t = calloc(1, sizeof *t);
        t->key = key;
    } else if (key < t->key) t->left = insert(t->left, key);
    else t->right = insert(t->right, key);
    return t;
}
int main(void) {
    Tree *root = NULL;
    root = insert(root, 5);
    root = insert(root, 3);
    root = insert(root, 8);
    return 0;
}
`);
    const done = run.after(15);
    expect(run.heap(done)).toEqual([
      'live 12 B line 5 {key: 5, left: → block 2 (line 5), right: → block 3 (line 5)}',
      'live 12 B line 5 {key: 3, left: NULL, right: NULL}',
      'live 12 B line 5 {key: 8, left: NULL, right: NULL}',
    ]);
    expect(Math.max(...run.stepsAt(4).map((s) => run.stack(s).length))).toBe(3);
  });

  it('11. shows globals and a static counter', async () => {
    const run = await step(`int calls = 0;
int next(void) {
    static int n = 100;
    calls++;
    return n++;
}
int main(void) {
    next();
    next();
    return calls == 2 ? 0 : 1;
}
`);
    expect(run.vars(run.after(9))).toMatchObject({ calls: '2' });
    expect(run.vars(run.after(4, 2))).toMatchObject({ n: '101', calls: '2' });
  });

  it('12. marks a pointer to a finished frame as dangling', async () => {
    const run = await step(`int *broken(void) {
    int local = 5;
    return &local;
}
int main(void) {
    int *p = broken();
    int q = 1;
    return q;
}
`);
    expect(run.vars(run.after(6)).p).toBe('dangling (local is gone)');
  });

  it('13. follows a pointer walking an array', async () => {
    const run = await step(`int main(void) {
    int a[4] = {10, 20, 30, 40};
    int *p = a;
    int sum = 0;
    while (p < a + 4) {
        sum += *p;
        p++;
    }
    return sum == 100 ? 0 : 1;
}
`);
    expect(run.vars(run.after(3)).p).toBe('→ a[0]');
    expect(run.vars(run.after(7, 2)).p).toBe('→ a[2]');
  });

  it('14. copies a string onto the heap', async () => {
    const run = await step(`#include <stdlib.h>
#include <string.h>
int main(void) {
    const char *name = "Ada";
    char *copy = malloc(strlen(name) + 1);
    strcpy(copy, name);
    copy[0] = 'a';
    free(copy);
    return 0;
}
`);
    expect(run.heap(run.after(5))).toEqual(['live 4 B line 5 [?, ?, ?, ?]']);
    expect(run.heap(run.after(7))).toEqual(['live 4 B line 5 "ada"']);
  });

  it('15. stops a run past the step limit with a message', async () => {
    const run = await step(`int main(void) {
    volatile long n = 0;
    for (;;) n++;
}
`);
    expect(run.trace.truncated).toBe(true);
    expect(run.result.run?.message).toBe(traceMessages.truncated);
    expect(run.replay.steps).toBeGreaterThanOrEqual(100_000);
  });

  it('16. counts characters in a switch', async () => {
    const run = await step(`int main(void) {
    const char *s = "a1 b";
    int letters = 0, digits = 0, other = 0;
    for (int i = 0; s[i]; i++) {
        switch (s[i] >= 'a' && s[i] <= 'z' ? 0 : s[i] >= '0' && s[i] <= '9' ? 1 : 2) {
        case 0: letters++; break;
        case 1: digits++; break;
        default: other++;
        }
    }
    return letters * 100 + digits * 10 + other;
}
`);
    expect(run.vars(run.stepsAt(11)[0]!)).toMatchObject({ letters: '2', digits: '1', other: '1' });
    expect(run.visits(6)).toHaveLength(2);
  });

  it('17. passes a struct by value and by pointer', async () => {
    const run = await step(`struct point { int x, y; };
void move(struct point *p, int dx) { p->x += dx; }
int norm(struct point p) { return p.x * p.x + p.y * p.y; }
int main(void) {
    struct point pt = {1, 2};
    move(&pt, 2);
    int n = norm(pt);
    return n == 13 ? 0 : 1;
}
`);
    expect(run.vars(run.after(5)).pt).toBe('{x: 1, y: 2}');
    expect(run.vars(run.stepsAt(2)[0]!).p).toBe('→ pt');
    expect(run.vars(run.after(6)).pt).toBe('{x: 3, y: 2}');
    expect(run.vars(run.stepsAt(3)[0]!).p).toBe('{x: 3, y: 2}');
  });

  it('18. computes a factorial with a do-while loop', async () => {
    const run = await step(`int main(void) {
    int n = 5;
    long f = 1;
    do {
        f *= n;
        n--;
    } while (n > 0);
    return f == 120 ? 0 : 1;
}
`);
    expect(run.vars(run.after(6, 5))).toEqual({ n: '0', f: '120' });
  });

  it('19. reads an uninitialised variable, shown as not set', async () => {
    const run = await step(`#include <stdio.h>
int main(void) {
    int total;
    int *p;
    total = 0;
    p = &total;
    printf("%d\\n", *p);
    return 0;
}
`);
    expect(run.vars(run.after(4))).toEqual({ total: '?', p: 'not set' });
    expect(run.vars(run.after(6))).toEqual({ total: '0', p: '→ total' });
  });

  it('20. stepping back reaches exactly the state stepping forward did', async () => {
    const run = await step(`#include <stdlib.h>
int main(void) {
    int *a = malloc(600 * sizeof *a);
    for (int i = 0; i < 600; i++) a[i] = i * i;
    free(a);
    return 0;
}
`);
    expect(run.replay.steps).toBeGreaterThan(600);
    const forward = Array.from({ length: run.replay.steps }, (_, s) => JSON.stringify([run.vars(s), run.heap(s)]));
    for (let s = run.replay.steps - 1; s >= 0; s -= 7)
      expect(JSON.stringify([run.vars(s), run.heap(s)])).toBe(forward[s]);
  });
});

describe('statements that start or end in a macro (issue 44)', { timeout: 60_000 }, () => {
  it('returns NULL from a brace-less if only when the if is true', async () => {
    const run = await step(`#include <stdio.h>
#include <stdlib.h>
int *first_positive(int *a, int n) {
    for (int i = 0; i < n; i++)
        if (a[i] > 0) return &a[i];
    if (n > 0) return NULL;
    return a;
}
int main(void) {
    int a[] = {-2, -1, 7, 3};
    int *p = first_positive(a, 4);
    printf("%d\\n", p ? *p : 0);
    return 0;
}
`);
    expect(run.output(run.last)).toBe('7\n');
    // The loop's condition is tested three times, its if three times; the return at 5 once, the rest never.
    expect(run.visits(4)).toHaveLength(3);
    expect(run.stepsAt(6)).toEqual([]);
    expect(run.vars(run.after(11)).p).toBe('→ a[2]');
  });

  it('adds a macro in a brace-less loop body once a round, and steps and shows the counter each round', async () => {
    const run = await step(`#include <stdio.h>
#define N 4
int main(void) {
    int total = 0, i;
    for (i = 0; i < N; i++)
        total += N;
    printf("%d %d\\n", total, i);
    return 0;
}
`);
    expect(run.output(run.last)).toBe('16 4\n');
    expect(run.stepsAt(5)).toHaveLength(5);
    expect(run.stepsAt(6)).toHaveLength(4);
    expect(run.stepsAt(5).map((s) => run.vars(s))).toEqual(
      [0, 1, 2, 3, 4].map((i) => ({ total: String(4 * i), i: String(i) })),
    );
  });

  it('walks a list with p != NULL, one step a node, the pointer shown at each', async () => {
    const run = await step(`#include <stdlib.h>
struct node { int value; struct node *next; };
int main(void) {
    struct node *b = malloc(sizeof *b), *a = malloc(sizeof *a), *p;
    a->value = 1; a->next = b; b->value = 2; b->next = NULL;
    int sum = 0;
    for (p = a; p != NULL; p = p->next)
        sum += p->value;
    free(a); free(b);
    return sum == 3 ? 0 : 1;
}
`);
    expect(run.stepsAt(7).map((s) => run.vars(s).p)).toEqual(['→ block 2 (line 4)', '→ block 1 (line 4)', 'NULL']);
    expect(run.stepsAt(8).map((s) => run.vars(s).sum)).toEqual(['0', '1']);
    expect(run.result.run?.status).toBe('ok');
  });

  it('marks as read only the input consumed at each step, not what the C library took ahead', async () => {
    const run = await step(
      `#include <stdio.h>
int main(void) {
    int first, second;
    scanf("%d", &first);
    printf("got %d\\n", first);
    scanf("%d", &second);
    int c = getchar();
    printf("%d %d\\n", second, c);
    return 0;
}
`,
      '10\n20\n30\n',
    );
    const read = (line: number) => run.trace.stdin.slice(0, run.state(run.stepsAt(line)[0]!).in);
    expect(read(4)).toBe('');
    expect(read(5)).toBe('10');
    expect(read(7)).toBe('10\n20');
    expect(read(8)).toBe('10\n20\n');
    expect(run.output(run.last)).toBe('got 10\n20 10\n');
  });

  it('shows what a block never freed holds at the end of the run, marked as never freed', async () => {
    const run = await step(`#include <stdlib.h>
#include <string.h>
struct node { int value; struct node *next; };
int main(void) {
    char *name = malloc(6);
    strcpy(name, "hello");
    struct node *n = malloc(sizeof *n);
    n->value = 7;
    n->next = NULL;
    char *lost = malloc(3);
    lost = NULL;
    free(lost);
    return 0;
}
`);
    // Before the end the blocks are live, read through the pointers at them.
    expect(run.heap(run.after(9))).toEqual(['live 6 B line 5 "hello"', 'live 8 B line 7 {value: 7, next: NULL}']);
    // At the end no pointer reaches them: each keeps its type, says what it holds, and is marked.
    expect(run.stack(run.last)).toEqual([]);
    expect(run.heap(run.last)).toEqual([
      'never freed 6 B line 5 "hello"',
      'never freed 8 B line 7 {value: 7, next: NULL}',
      'never freed 3 B line 10 not set',
    ]);
  });

  it('shows string literals as their text, with an arrow from each pointer at one', async () => {
    const run = await step(`#include <stdio.h>
int main(void) {
    char *names[] = {"Asha", "Meena"};
    const char *who = "Ann";
    const char *rest = who + 1;
    printf("%s %s %s %s\\n", names[0], names[1], who, rest);
    return 0;
}
`);
    expect(run.vars(run.after(5))).toEqual({
      names: '[→ "Asha", → "Meena"]',
      who: '→ "Ann"',
      rest: '→ "Ann" + 1',
    });
    expect(run.output(run.last)).toBe('Asha Meena Ann nn\n');
  });

  it('reads a union by each member, a function pointer as its function, a VLA and an array parameter as arrays', async () => {
    const run = await step(`#include <stdio.h>
union num { int i; float f; };
int square(int x) { return x * x; }
int total(int m[][3], int rows) {
    int t = 0;
    for (int r = 0; r < rows; r++) t += m[r][0] + m[r][1] + m[r][2];
    return t;
}
int main(void) {
    union num u;
    u.i = 1065353216;
    int (*op)(int) = square;
    int n = 3;
    int a[n];
    for (int k = 0; k < n; k++) a[k] = op(k);
    int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
    printf("%.1f %d %d\\n", u.f, a[2], total(grid, 2));
    return 0;
}
`);
    expect(run.vars(run.after(16))).toMatchObject({ u: '{i: 1065353216, f: 1}', op: 'square', a: '[0, 1, 4]' });
    expect(run.vars(run.after(5))).toMatchObject({ m: '→ grid[0]', rows: '2' });
    expect(run.output(run.last)).toBe('1.0 4 21\n');
  });

  it('tells "not set" from what the program wrote: 190 is 190, an unset value prints as Run prints it', async () => {
    const code = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
    unsigned char shade = 190;
    int votes[3];
    votes[1] = 190;
    int *p = malloc(3 * sizeof *p);
    p[0] = -1094795586;
    printf("%d %d %d\\n", shade, votes[1], p[0]);
    free(p);
    return 0;
}
`;
    const run = await step(code);
    const at = run.after(8);
    expect(run.vars(at)).toMatchObject({ shade: '190', votes: '[?, 190, ?]' });
    expect(run.heap(at)).toEqual(['live 12 B line 7 [-1094795586, ?, ?]']);
    const ran = await grader.run('tests', code, '');
    expect(run.output(run.last)).toBe(ran.run?.stdout);
  });

  it('a run that decides on a value never set says where it came from, in the words Run uses', async () => {
    const code = `#include <stdio.h>
int main(void) {
    int marks[3] = {40, 75, 62};
    int highest;
    for (int i = 0; i < 3; i++)
        if (marks[i] > highest)
            highest = marks[i];
    printf("%d\\n", highest);
    return 0;
}
`;
    const builtBefore = grader.builds.made;
    const run = await step(code);
    // Built without origins first, then once more with them to tell the value's origin.
    expect(grader.builds.made - builtBefore).toBe(2);
    const ran = await grader.run('tests', code, '');
    expect(run.result.run).toMatchObject({ problem: 'uninitialised', line: 6 });
    expect(run.result.run?.message).toContain('It comes from `highest`');
    expect(run.result.run?.message).toBe(ran.run?.message);
    expect(run.vars(run.after(5))).toMatchObject({ highest: '?' });
  });

  it('reads to EOF a character a round', async () => {
    const run = await step(
      `#include <stdio.h>
int main(void) {
    int c, n = 0;
    while ((c = getchar()) != EOF)
        n++;
    printf("%d\\n", n);
    return 0;
}
`,
      'ab\n',
    );
    expect(run.visits(4)).toHaveLength(4);
    expect(run.stepsAt(5).map((s) => run.vars(s).c)).toEqual(['97', '98', '10']);
    expect(run.output(run.last)).toBe('3\n');
  });

  it('keeps a macro of two statements, and one holding its own semicolon, as they were written', async () => {
    const run = await step(`#include <stdio.h>
#define BOTH a++; b++
#define GIVE_UP return 3;
static int f(int x) {
    if (x < 0) GIVE_UP
    return x;
}
int main(void) {
    int a = 0, b = 0;
    if (a > 5) BOTH;
    printf("%d %d %d %d\\n", a, b, f(-1), f(4));
    return 0;
}
`);
    expect(run.output(run.last)).toBe('0 1 3 4\n');
  });
});

describe('variables live where C says (issue 44)', { timeout: 60_000 }, () => {
  it('ends a for loop’s variable with its loop, and each block’s with its block', async () => {
    const run = await step(`int main(void) {
    int total = 0;
    for (int i = 0; i < 2; i++)
        total += i;
    for (int i = 5; i < 7; i++) {
        int twice = 2 * i;
        total += twice;
    }
    {
        int inner = total;
        total = inner + 1;
    }
    return total == 24 ? 0 : 1;
}
`);
    const frames = (line: number) => run.stepsAt(line).map((s) => run.frame(s));
    expect(frames(3)).toEqual([
      ['total = 0', 'i = 0'],
      ['total = 0', 'i = 1'],
      ['total = 1', 'i = 2'],
    ]);
    expect(frames(5)).toEqual([
      ['total = 1', 'i = 5'],
      ['total = 11', 'i = 6'],
      ['total = 23', 'i = 7'],
    ]);
    expect(frames(7)).toEqual([
      ['total = 1', 'i = 5', 'twice = 10'],
      ['total = 11', 'i = 6', 'twice = 12'],
    ]);
    expect(frames(10)).toEqual([['total = 23']]);
    expect(frames(11)).toEqual([['total = 23', 'inner = 23']]);
    expect(frames(13)).toEqual([['total = 24']]);
    expect(run.result.run?.status).toBe('ok');
  });

  it('ends a loop’s variable when the loop is left by break or return', async () => {
    const run = await step(`int find(const int *a, int n, int x) {
    for (int i = 0; i < n; i++)
        if (a[i] == x) return i;
    return -1;
}
int main(void) {
    int a[3] = {4, 5, 6};
    int at = find(a, 3, 5);
    for (int j = 0; j < 3; j++)
        if (a[j] == 6) break;
    return at;
}
`);
    expect(run.frame(run.stepsAt(3)[1]!)).toEqual(['a = → a[0]', 'n = 3', 'x = 5', 'i = 1']);
    expect(run.frame(run.stepsAt(9)[0]!)).toEqual(['a = [4, 5, 6]', 'at = 1', 'j = 0']);
    expect(run.frame(run.stepsAt(11)[0]!)).toEqual(['a = [4, 5, 6]', 'at = 1']);
  });
});

describe('a long recording (issue 44)', { timeout: 120_000 }, () => {
  it('shows the steps recorded within the recording’s CPU time, never “waiting for input”', async () => {
    const run = await step(`#include <stdio.h>
#include <string.h>
long deep(int n) {
    char cells[4000];
    memset(cells, n % 100, sizeof cells);
    if (n > 0) return deep(n - 1) + cells[0];
    long total = 0;
    for (long i = 0; i < 150000; i++)
        total += i % 7;
    return total;
}
int main(void) {
    printf("%ld\\n", deep(600));
    return 0;
}
`);
    // 600 frames of 4,000 bytes compared at every step: the recording's 4 s of CPU end it before 100,000 steps.
    expect(run.trace.truncated).toBe(true);
    expect(run.trace.steps).toBeLessThan(100_000);
    expect(run.result.run?.status).toBe('time_limit');
    expect(run.result.run?.message).toBe(traceMessages.recordingTooLong(run.trace.steps - 1));
    expect(run.stack(run.last)).toHaveLength(602);
  });
});

describe('programs whose names a standard header also declares', { timeout: 60_000 }, () => {
  it('steps through a program with its own div and a global named time, and reads a size_t', async () => {
    const run = await step(`#include <stdio.h>
int time = 0;
int div(int a, int b) { return a / b; }
int main(void) {
    size_t n = sizeof(int);
    time = div(9, 3);
    printf("%d %zu\\n", time, n);
    return 0;
}
`);
    expect(run.vars(run.after(6))).toEqual({ time: '3', n: '4' });
    expect(run.output(run.last)).toBe('3 4\n');
  });
});

describe('programs it does not follow', { timeout: 60_000 }, () => {
  it('says a program that does not compile does not compile', async () => {
    const result = await trace('int main(void) { return x; }\n', '');
    expect(result.trace).toBeNull();
    expect(result.message).toBe(traceMessages.notCompiled);
    expect(result.compile.ok).toBe(false);
  });

  it('says a program that names something as the tracer names its own hooks to rename it, and Run still works', async () => {
    const code = '#include <stdio.h>\nint __trace_step = 3;\nint main(void) {\n  printf("%d\\n", __trace_step);\n}\n';
    const result = await trace(code, '');
    expect(result).toMatchObject({ trace: null, message: traceMessages.reservedName('__trace_step') });
    // The build that came back is Run's: it compiles, with no word of the tracer's rewrite.
    expect(result.compile.ok).toBe(true);
    expect(result.compile.output).not.toContain('trace.h');
    expect((await grader.run('tests', code, '')).run).toMatchObject({ status: 'ok', stdout: '3\n' });
  });

  it('a function named as the checks runtime once named its hooks is the student’s own, in Run and Step through', async () => {
    const code = `#include <stdio.h>
#include <stdlib.h>
void trace_free(unsigned long a) { printf("mine %lu\\n", a); }
void trace_alloc(unsigned long a, unsigned long n, int line) { printf("mine %lu %lu %d\\n", a, n, line); }
void grader_report(const char *text, unsigned length) { printf("mine %s %u\\n", text, length); }
int main(void) {
    int *p = malloc(sizeof *p);
    *p = 3;
    printf("%d\\n", *p);
    free(p);
    int a[2] = {0, 0};
    int i = 2;
    return a[i];
}
`;
    const traced = await step(code);
    expect(traced.output(traced.last)).toBe('3\n');
    const ran = (await grader.run('tests', code, '')).run;
    expect(ran).toMatchObject({ status: 'runtime_error', line: 13, stdout: '3\n' });
    expect(ran?.message).toMatch(/index 2 is outside the array/);
  });
});

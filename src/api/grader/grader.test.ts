import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaseInputSchema } from '../../contracts/exercises/authoring.js';
import { exerciseMessages, functionEndedMessage } from '../../contracts/exercises/limits.js';
import { sampleFileExercise } from '../db/seed-content.js';
import { COMPILE_LIMITS } from './build-flags.js';
import { createGrader, type Grader, type GraderLog } from './grader.js';
import { parseDiagnostics } from './diagnostics.js';
import { residentBytes } from './process-pool.js';

function logger() {
  const lines: { level: 'error' | 'warn'; message: string; details: Record<string, unknown> }[] = [];
  const log: GraderLog = {
    error: (details, message) => lines.push({ level: 'error', message, details: details as Record<string, unknown> }),
    warn: (details, message) => lines.push({ level: 'warn', message, details: details as Record<string, unknown> }),
  };
  return { log, lines };
}

const logged = logger();
let grader: Grader;
beforeAll(async () => {
  // The default compile caps, but a generous wall clock: on a busy machine 5 s of CPU can take much longer.
  grader = createGrader({ concurrency: 1, timeLimitMs: 1500, log: logged.log, compileLimits: { wallMs: 120_000 } });
  await grader.warmUp();
}, 120_000);
afterAll(() => grader.close());

const SUM =
  '#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf("%d %d", &a, &b) != 2) return 1;\n  printf("%d\\n", a + b);\n  return 0;\n}\n';
const tests = [
  { stdin: '2 3\n', expected_output: '5\n', visible: true, points: 2 },
  { stdin: '-4 4', expected_output: '0', visible: false, points: 3 },
].map((test) => testCaseInputSchema.parse(test));

// Each test compiles: on a busy 2-core machine a compile can take seconds of wall time.
describe('grader: compile with Clang to WebAssembly, run with WASI', { timeout: 60_000 }, () => {
  it('passes a correct program and scores every test', async () => {
    const result = await grader.grade('student-1', SUM, tests);
    expect(result.compile.ok).toBe(true);
    expect(result.tests.map((t) => t.verdict)).toEqual(['passed', 'passed']);
    expect(result).toMatchObject({ score: 5, total: 5 });
    // Hidden tests keep their input and output to themselves.
    expect(result.tests[1]).toMatchObject({ visible: false, stdin: null, expected_output: null, actual_output: null });
    expect(result.tests[0]).toMatchObject({ stdin: '2 3\n', expected_output: '5\n', actual_output: '5\n' });
  });

  it('shows a result in full as its test’s display says, and hides the rest after a failed “hide the rest” test', async () => {
    const shownTests = [
      { stdin: '1 1', expected_output: '2', shown: 'when_passed' },
      { stdin: '2 5', expected_output: '7', shown: 'when_failed' },
      { stdin: '2 3', expected_output: '5', hide_rest_if_fail: true },
      { stdin: '3 3', expected_output: '6' },
    ].map((test) => testCaseInputSchema.parse(test));
    const full = (result: Awaited<ReturnType<typeof grader.grade>>) =>
      result.tests.map((t) => [t.verdict, t.visible, t.stdin !== null]);
    // Right: a test shown only when it fails is hidden, one shown only when it passes is shown.
    expect(full(await grader.grade('student-shown', SUM, shownTests))).toEqual([
      ['passed', true, true],
      ['passed', false, false],
      ['passed', true, true],
      ['passed', true, true],
    ]);
    // Wrong: the other way round, and after the failed "hide the rest" test every result is a hidden one's.
    const wrong = await grader.grade('student-shown', SUM.replace('a + b', 'a * b'), shownTests);
    expect(full(wrong)).toEqual([
      ['wrong_answer', false, false],
      ['wrong_answer', true, true],
      ['wrong_answer', true, true],
      ['wrong_answer', false, false],
    ]);
    // A hidden result never quotes its expected output.
    expect(wrong.tests[0]!.message).toBe('The output is not what was expected.');
    expect(wrong.tests[3]).toMatchObject({ expected_output: null, actual_output: null });
    // Not compiled, nothing ran: a test shown only when it fails is not shown either (and the "hide the rest"
    // test, not passed, hides the one after it).
    const broken = await grader.grade('student-shown', 'int main(void) { return x; }', shownTests);
    expect(full(broken)).toEqual([
      ['not_run', false, false],
      ['not_run', false, false],
      ['not_run', true, true],
      ['not_run', false, false],
    ]);
  });

  it('a question graded by its template: the program’s JSON verdict, part marks, and a stop when it asks', async () => {
    // The template grades itself: it prints {"fraction": …, "got": …}, or asks to stop at a negative test.
    const template = {
      template: `#include <stdio.h>
{{ STUDENT_ANSWER }}
int main(void) {
    int got = twice({{ TEST.testcode }}), expected = {{ TEST.expected }};
    if ({{ TEST.testcode }} < -100) { printf("{\\"fraction\\": 0, \\"abort\\": true}"); return 0; }
    if ({{ TEST.testcode }} == 99) { printf("not json"); return 0; }
    if ({{ TEST.testcode }} == 7) { printf("{\\"fraction\\": 0, \\"awarded\\": 0.3}"); return 0; }
    printf("{\\"fraction\\": %s, \\"got\\": \\"%d\\"}", got == expected ? "1" : got > 0 ? "0.5" : "0", got);
    return 0;
}`,
      combinator: false,
      parameters: {},
      hoist: false,
    };
    const cases = [
      { test_code: '3', expected_output: '6', points: 4 },
      { test_code: '99', expected_output: '198', points: 1 },
      { test_code: '-200', expected_output: '-400', points: 1 },
      { test_code: '5', expected_output: '10', points: 1 },
    ].map((test) => testCaseInputSchema.parse(test));
    const right = await grader.grade('student-tg', 'int twice(int n) { return 2 * n; }', cases.slice(0, 1), {
      template,
      templateGrader: true,
    });
    expect(right).toMatchObject({ score: 4, total: 4 });
    expect(right.tests[0]).toMatchObject({ verdict: 'passed', actual_output: '6', expected_output: '6' });
    const off = await grader.grade('student-tg', 'int twice(int n) { return 2 * n + 1; }', cases, {
      template,
      templateGrader: true,
    });
    expect(off.tests.map((t) => [t.verdict, t.awarded ?? null])).toEqual([
      ['wrong_answer', 2],
      ['wrong_answer', 0],
      ['wrong_answer', 0],
      ['not_run', null],
    ]);
    expect(off.tests.map((t) => t.message)).toEqual([
      'Partly right: the question’s own grader (its template) gave 2 of 4 points.',
      'The question’s own grader (its template) did not print its verdict as JSON, so this test is not passed; tell your teacher. It printed: not json',
      'The question’s own grader (its template) marked this test wrong.',
      'Not run: the question’s own grader stopped the testing at an earlier test.',
    ]);
    expect(off.score).toBe(2);
    // Marks in tenths (markScale 10): TEST.mark and "awarded" stay in Moodle's marks; a hidden test's output,
    // which the student's code can print, is never quoted back.
    const hidden = [testCaseInputSchema.parse({ test_code: '7', expected_output: '14', points: 10 }), ...cases]
      .map((test) => ({ ...test, visible: false, points: test.points * 10 }))
      .slice(0, 3);
    const tenths = await grader.grade('student-tg', 'int twice(int n) { return 2 * n + 1; }', hidden, {
      template: { ...template, markScale: 10 },
      templateGrader: true,
    });
    // "awarded": 0.3 of a mark is 3 points of 100; half of 4 marks is 20 points.
    expect(tenths.tests.map((t) => t.awarded ?? null)).toEqual([3, 20, 0]);
    expect(tenths.score).toBe(23);
    expect(tenths.tests[2]!.message).toBe(
      'The question’s own grader (its template) did not print its verdict as JSON, so this test is not passed; tell your teacher.',
    );
  });

  it('builds the same code once: Run then Submit, by anyone, reuse the build; a changed program is built anew', async () => {
    const code = `${SUM}/* built once */\n`;
    const before = { ...grader.builds };
    const ran = await grader.run('student-2', code, '1 2\n');
    expect(ran.run?.stdout).toBe('3\n');
    const graded = await grader.grade('student-3', code, tests);
    expect(graded.score).toBe(5);
    expect(grader.builds.made - before.made).toBe(1);
    expect(grader.builds.kept - before.kept).toBe(1);
    // A refused program is the compiler's answer too: kept, with the same words.
    const broken = 'int main(void) { return x; }\n';
    const first = await grader.run('student-2', broken, '');
    const again = await grader.run('student-2', broken, '');
    expect(again.compile).toEqual(first.compile);
    expect(first.compile.ok).toBe(false);
    expect(grader.builds.made - before.made).toBe(2);
    await grader.run('student-2', `${code}\n`, '1 2\n');
    expect(grader.builds.made - before.made).toBe(3);
  });

  it('reports wrong output with what was expected and what came out', async () => {
    const result = await grader.grade('student-1', SUM.replace('a + b', 'a - b'), tests);
    expect(result.tests[0]).toMatchObject({ verdict: 'wrong_answer', expected_output: '5\n', actual_output: '-1\n' });
    expect(result.score).toBe(0);
  });

  it('checks each test its own way, gives each its arguments, and stops a runaway pattern with the time limit', async () => {
    // Prints its arguments, then pi to four places, then a word in capitals.
    const code =
      '#include <stdio.h>\nint main(int argc, char **argv) {\n  for (int i = 1; i < argc; i++) printf("%s ", argv[i]);\n  printf("\\n%.4f\\nHELLO\\n", 3.14159265);\n  return 0;\n}\n';
    const test = (fields: Record<string, unknown>) =>
      testCaseInputSchema.parse({ stdin: '', visible: true, points: 1, ...fields });
    const result = await grader.grade('student-checkers', code, [
      test({ expected_output: 'x y\n3.14159\nHELLO', checker: 'numbers', args: ['x', 'y'] }),
      test({ expected_output: 'x y\n3.15\nHELLO', checker: 'numbers', tolerance: 0.001, args: ['x', 'y'] }),
      test({ expected_output: '\n3.1416\nhello\n', checker: 'ignore_case' }),
      test({ expected_output: '\n3.1416\nhello\n', checker: 'trimmed' }),
      test({ expected_output: 'a \n3.1416\nHELLO\n', checker: 'exact', args: ['a'] }),
      test({ expected_output: 'a\n3.1416\nHELLO\n', checker: 'exact', args: ['a'] }),
      test({ expected_output: String.raw`\s*3\.14\d*\s+[A-Z]+`, checker: 'regex' }),
      // Catastrophic backtracking on the program's output: the run's time limit ends it, not the server.
      test({ expected_output: '(a|a)*b', checker: 'regex', args: ['a'.repeat(40)] }),
    ]);
    expect(result.tests.map((t) => t.verdict)).toEqual([
      'passed',
      'wrong_answer',
      'passed',
      'wrong_answer',
      'passed',
      'wrong_answer',
      'passed',
      'time_limit',
    ]);
    expect(result.tests[1]!.message).toBe(
      'The output is not what was expected. Value 3: expected 3.15 (give or take 0.001), got 3.1416.',
    );
    // The C library keeps the arguments it made for main: not the student's leak.
    expect(result.tests[0]!.warnings).toEqual([]);
    expect(result.tests[3]!.message).toMatch(/Line 2 differs: expected "hello", got "HELLO"/);
    expect(result.tests[5]!.message).toMatch(/Line 1 differs: expected "a", got "a "/);
  });

  it('reports compile errors and warnings with line numbers', async () => {
    const result = await grader.grade(
      'student-1',
      '#include <stdio.h>\nint main(void) {\n  int x = 1;\n  printf("%d\\n", missing + x);\n}\n',
      tests,
    );
    expect(result.compile.ok).toBe(false);
    expect(result.compile.diagnostics).toContainEqual(
      expect.objectContaining({
        line: 4,
        severity: 'error',
        message: expect.stringContaining("undeclared identifier 'missing'"),
      }),
    );
    expect(result.tests.every((t) => t.verdict === 'not_run')).toBe(true);
    const warned = await grader.run(
      'student-1',
      'int main(void) {\n  int a = 1;\n  int unused;\n  return a - 1;\n}\n',
      '',
    );
    expect(warned.compile.ok).toBe(true);
    expect(warned.compile.diagnostics).toContainEqual(
      expect.objectContaining({
        line: 3,
        severity: 'warning',
        message: expect.stringContaining("unused variable 'unused'"),
      }),
    );
    const linked = await grader.run('student-1', 'void helper(void);\nint main(void) { helper(); return 0; }\n', '');
    expect(linked.compile.ok).toBe(false);
    expect(linked.compile.diagnostics[0]?.message).toMatch(/undefined symbol: helper/);
  });

  it('the checks change no name: a missing #include is refused as by Clang, a name used otherwise compiles', async () => {
    const forgot = await grader.run(
      'student-1',
      '#include <stdio.h>\nint main(void) {\n  int *p = malloc(sizeof *p);\n  free(p);\n  return 0;\n}\n',
      '',
    );
    expect(forgot.compile.ok).toBe(false);
    expect(forgot.compile.diagnostics).toContainEqual(
      expect.objectContaining({
        line: 3,
        column: 12,
        message: expect.stringContaining("undeclared library function 'malloc'"),
      }),
    );
    // A prototype of its own and struct members named malloc and free: built again without the checks' macros.
    const own = await grader.run(
      'student-1',
      [
        '#include <stdio.h>',
        '#include <stdlib.h>',
        'struct pool { void *(*malloc)(size_t); void (*free)(void *); };',
        'void *malloc(size_t n);',
        'int main(void) {',
        '  struct pool p = { malloc, free };',
        '  int *x = p.malloc(sizeof *x);',
        '  *x = 5;',
        '  printf("%d\\n", *x);',
        '  p.free(x);',
        '  p.free(x);',
        '  return 0;',
        '}',
      ].join('\n'),
      '',
    );
    expect(own.compile).toMatchObject({ ok: true, diagnostics: [] });
    expect(own.run).toMatchObject({ stdout: '5\n', problem: 'double_free', line: 11 });
    // A #define of its own after the #include replaces the checks' macro, with no word about theirs.
    const counted = await grader.run(
      'student-1',
      [
        '#include <stdio.h>',
        '#include <stdlib.h>',
        'static int count = 0;',
        'static void *counted(size_t n) { count++; return (malloc)(n); }',
        '#define malloc(n) counted(n)',
        'int main(void) {',
        '  int *p = malloc(sizeof *p);',
        '  *p = 2;',
        '  printf("%d %d\\n", *p, count);',
        '  free(p);',
        '  return 0;',
        '}',
      ].join('\n'),
      '',
    );
    expect(counted.compile).toMatchObject({ ok: true, diagnostics: [] });
    expect(counted.run).toMatchObject({ status: 'ok', stdout: '2 1\n' });
    // An error inside a call's arguments is told as Clang tells it of the code alone: no macro of the checks'.
    const wrong = await grader.run('student-1', '#include <stdlib.h>\nint main(void) {\n  free(0, 3);\n}\n', '');
    expect(wrong.compile.ok).toBe(false);
    expect(wrong.compile.output).toContain('too many arguments to function call');
    expect(wrong.compile.output).not.toMatch(/checks|macro/);
  });

  it('names the line a call starts on, as gcc does, for a call written over several lines', async () => {
    const code = [
      '#include <stdio.h>',
      '#include <stdlib.h>',
      'int main(void) {',
      '  char *p = malloc(',
      '      4);',
      '  free(p);',
      '  FILE *f = fopen(',
      '      "out.txt", "w");',
      '  fclose(f);',
      '  fprintf(f,',
      '          "%s\\n",',
      '          "late");',
      '  free(',
      '      p);',
      '  return 0;',
      '}',
    ].join('\n');
    const result = await grader.run('student-1', code, '');
    expect(result.run).toMatchObject({ problem: 'file_closed', line: 10 });
    expect(result.run?.message).toContain('closed on line 9 (it was opened on line 7)');
    const freed = await grader.run('student-1', code.replace(/ {2}fprintf\(f,\n.*\n.*\n/, ''), '');
    expect(freed.run).toMatchObject({ problem: 'double_free', line: 10 });
    expect(freed.run?.message).toContain('already freed on line 6 (allocated on line 4)');
  });

  it('stops a program that never ends, and does not run the remaining tests', async () => {
    const result = await grader.grade('student-1', 'int main(void) { for (;;) {} }\n', tests);
    expect(result.tests.map((t) => t.verdict)).toEqual(['time_limit', 'not_run']);
    // The pool replaced the terminated worker: the next program runs normally.
    expect((await grader.run('student-1', SUM, '1 1')).run).toMatchObject({ status: 'ok', stdout: '2\n' });
  });

  it('runs a correct program again as built before the checks when they made it too slow or too big', async () => {
    // Loops forever only where the checks are built in: the time limit, then the plain build's answer.
    const slowWhenChecked =
      '#include <stdio.h>\nint main(void) {\n#if __has_feature(address_sanitizer)\n  for (;;) {}\n#endif\n  int a, b;\n  scanf("%d %d", &a, &b);\n  printf("%d\\n", a + b);\n  return 0;\n}\n';
    const fourTests = [...tests, ...tests];
    // One test alone: it waits out the time limit once, then runs plain.
    let started = Date.now();
    await grader.grade('student-1', slowWhenChecked, tests.slice(0, 1));
    const one = Date.now() - started;
    started = Date.now();
    const graded = await grader.grade('student-1', slowWhenChecked, fourTests);
    expect(graded.tests.map((t) => t.verdict)).toEqual(['passed', 'passed', 'passed', 'passed']);
    // Each says its memory was not checked this time.
    for (const test of graded.tests) expect(test.warnings).toContain(exerciseMessages.ranWithoutChecks);
    // Only the first test waited out the time limit: the later ones ran the plain build straight away (four waits
    // would take four times as long as the one test, on this machine as loaded as it is now).
    expect(Date.now() - started).toBeLessThan(2 * one);

    // A million 8-byte blocks: 8 MB of the program's own, more than the memory with the checks' share of each.
    const manyNodes =
      '#include <stdio.h>\n#include <stdlib.h>\nstruct node { int value; struct node *next; };\nint main(void) {\n  struct node *head = NULL;\n  for (int i = 0; i < 1000000; i++) {\n    struct node *n = malloc(sizeof *n);\n    if (!n) return 3;\n    n->value = i % 10;\n    n->next = head;\n    head = n;\n  }\n  long long sum = 0;\n  while (head) { struct node *next = head->next; sum += head->value; free(head); head = next; }\n  printf("%lld\\n", sum);\n  return 0;\n}\n';
    expect((await grader.run('student-1', manyNodes, '')).run).toMatchObject({ status: 'ok', stdout: '4500000\n' });
  });

  it('caps output, memory and the stack, and reports crashes and odd exit codes', async () => {
    const spam = await grader.run(
      'student-1',
      '#include <stdio.h>\nint main(void) { for (;;) puts("spam spam spam"); }\n',
      '',
    );
    expect(spam.run).toMatchObject({ status: 'output_limit' });
    expect(spam.run!.stdout.length).toBeLessThanOrEqual(64 * 1024);

    const hog = await grader.run(
      'student-1',
      '#include <stdlib.h>\n#include <string.h>\nchar *keep[100000];\nint main(void) { for (int i = 0;; i++) { char *p = malloc(1 << 20); if (!p) return 3; memset(p, i, 1 << 20); keep[i] = p; } }\n',
      '',
    );
    expect(hog.run).toMatchObject({ status: 'memory_limit', exit_code: 3 });

    const deep = await grader.run(
      'student-1',
      'int f(int n) { volatile char b[256]; b[0] = (char)n; return n ? f(n - 1) + b[0] : 0; }\nint main(void) { return f(100000000); }\n',
      '',
    );
    expect(deep.run).toMatchObject({ status: 'runtime_error', problem: 'stack_overflow', line: 1 });
    expect(deep.run!.message).toMatch(/the function `f` called itself [\d,]+ deep without stopping/);
    const outOfBounds = await grader.run(
      'student-1',
      '#include <stdio.h>\nint a[10];\nint main(void) { volatile int i = 100000000; printf("%d", a[i]); return 0; }\n',
      '',
    );
    expect(outOfBounds.run).toMatchObject({
      status: 'runtime_error',
      problem: 'bounds',
      line: 3,
      message: 'Line 3: index 100000000 is outside the array (int[10]): its indexes are 0 to 9.',
    });

    const div = await grader.run(
      'student-1',
      '#include <stdio.h>\nint main(void) { volatile int z = 0; printf("%d", 10 / z); return 0; }\n',
      '',
    );
    expect(div.run!.message).toMatch(/division by zero/);

    const odd = await grader.run('student-1', '#include <stdlib.h>\nint main(void) { exit(300); }\n', '');
    expect(odd.run).toMatchObject({ status: 'runtime_error', exit_code: 300 });
  });

  it('gives each run a private folder in memory: files to read, files it writes, nothing else', async () => {
    const code = String.raw`#include <stdio.h>
#include <stdlib.h>
int main(void) {
  if (fopen("/etc/passwd", "r") || fopen("../secret", "r") || fopen("missing.txt", "r")) return 3;
  FILE *in = fopen("numbers.txt", "r");
  if (!in) return 4;
  int n, sum = 0;
  while (fscanf(in, "%d", &n) == 1) sum += n;
  fclose(in);
  FILE *out = fopen("sum.txt", "w");
  fprintf(out, "Sum: %d\n", sum);
  fclose(out);
  FILE *log = fopen("log.txt", "a");
  fputs("first\n", log);
  fclose(log);
  log = fopen("log.txt", "a");
  fputs("second\n", log);
  fclose(log);
  int values[3] = {7, 8, 9}, back[3] = {0};
  FILE *bin = fopen("values.bin", "wb");
  fwrite(values, sizeof values[0], 3, bin);
  fclose(bin);
  bin = fopen("values.bin", "rb");
  fseek(bin, 0, SEEK_END);
  long size = ftell(bin);
  rewind(bin);
  size_t got = fread(back, sizeof back[0], 3, bin);
  fclose(bin);
  FILE *gone = fopen("gone.txt", "w");
  fclose(gone);
  remove("gone.txt");
  printf("%d %ld %zu %d%d%d %s\n", sum, size, got, back[0], back[1], back[2], fopen("gone.txt", "r") ? "kept" : "removed");
  return 0;
}
`;
    const result = await grader.run('student-files', code, '', [{ name: 'numbers.txt', content: '1 2 3\n4\n' }]);
    expect(result.run).toMatchObject({ status: 'ok', stdout: '10 12 3 789 removed\n', message: null, warnings: [] });
    expect(result.run!.files).toEqual([
      { name: 'log.txt', content: 'first\nsecond\n', binary: false },
      { name: 'sum.txt', content: 'Sum: 10\n', binary: false },
      { name: 'values.bin', content: '(binary data, 12 bytes)', binary: true },
    ]);
    // A file left open is told as a file to close, not as the C library's blocks leaked.
    const unclosed = await grader.run(
      'student-files',
      '#include <stdio.h>\nint main(void) {\n  FILE *f = fopen("notes.txt", "w");\n  fputs("hi", f);\n  return 0;\n}\n',
      '',
    );
    expect(unclosed.run!.warnings).toEqual([
      'The file opened on line 3 was never closed: close each file with fclose when you are done with it.',
    ]);
    expect(unclosed.run!.leaked).toBe(false);
    expect(unclosed.run!.files).toEqual([{ name: 'notes.txt', content: 'hi', binary: false }]);
  });

  it('the sample course’s file-handling exercise is solved by a reference and failed by a near miss', async () => {
    const tests = sampleFileExercise.tests.map((test) => testCaseInputSchema.parse(test));
    const reference = String.raw`#include <stdio.h>
int main(void) {
  FILE *in = fopen("marks.txt", "r");
  FILE *out = fopen("report.txt", "w");
  if (in == NULL || out == NULL) return 1;
  char name[64];
  int mark, passed = 0;
  while (fscanf(in, "%63s %d", name, &mark) == 2) {
    fprintf(out, "%s %s\n", name, mark >= 40 ? "pass" : "fail");
    if (mark >= 40) passed++;
  }
  fclose(in);
  fclose(out);
  printf("%d passed\n", passed);
  return 0;
}
`;
    const solved = await grader.grade('student-sample', reference, tests);
    expect(solved).toMatchObject({ score: 10, total: 10 });
    const nearMiss = await grader.grade('student-sample', reference.replace('mark >= 40 ?', 'mark > 40 ?'), tests);
    expect(nearMiss.tests.map((t) => t.verdict)).toEqual(['wrong_answer', 'passed']);
    expect(nearMiss.tests[0]!.message).toMatch(/In the file 'report.txt': Line 3 differs: expected "meena pass"/);
  });

  it('function exercises: the tests call the student’s function, a failed check says which and with what', async () => {
    const test = (fields: Record<string, unknown>) =>
      testCaseInputSchema.parse({ stdin: '', expected_output: '', checker: 'ignore', points: 1, ...fields });
    const tests = [
      test({ test_code: 'int a[] = {3, 9, 4};\nassert_eq(max(a, 3), 9);' }),
      test({ test_code: 'int a[] = {-5, -2};\nassert(max(a, 2) == -2);' }),
      test({ test_code: 'int a[] = {7};\nprintf("%d\\n", max(a, 1));', expected_output: '7', checker: 'trimmed' }),
      test({ test_code: 'int a[] = {1, 2};\nassert_eq(max(a, 2), 2);', visible: false }),
    ];
    const good =
      'int max(int *a, int n) {\n  int m = a[0];\n  for (int i = 1; i < n; i++)\n    if (a[i] > m) m = a[i];\n  return m;\n}\n';
    // A main of the student's own is kept out of the way.
    const solved = await grader.grade(
      'student-functions',
      `#include <stdio.h>\n${good}int main(void) { return 1; }\n`,
      tests,
    );
    expect(solved.tests.map((t) => t.verdict)).toEqual(['passed', 'passed', 'passed', 'passed']);

    const wrong = await grader.grade('student-functions', good.replace('a[i] > m', 'a[i] < m'), tests);
    expect(wrong.tests.map((t) => t.verdict)).toEqual(['wrong_answer', 'wrong_answer', 'passed', 'wrong_answer']);
    expect(wrong.tests[0]!.message).toBe('max(a, 3) returned 3; expected 9.');
    expect(wrong.tests[1]!.message).toBe('The check max(a, 2) == -2 failed.');
    expect(wrong.tests[3]!.message).toBe('A check of this hidden test failed.');

    // A misnamed function: the tests can't call it, and the hidden test's code is not quoted.
    const misnamed = await grader.grade('student-functions', good.replace('int max(', 'int maximum('), tests);
    expect(misnamed.compile.ok).toBe(false);
    expect(misnamed.compile.diagnostics[0]!.message).toMatch(/^The tests could not call your functions: .*'max'/);
    expect(misnamed.compile.output).not.toContain('assert_eq(max(a, 2), 2)');

    // Run calls the functions with one test's code; a memory error in the student's function is named at its line.
    const ran = await grader.run(
      'student-functions',
      good.replace('i < n', 'i <= n'),
      '',
      [],
      'int a[] = {1, 2};\nprintf("%d\\n", max(a, 2));',
    );
    expect(ran.run).toMatchObject({ status: 'runtime_error', line: 4, problem: 'stack_overflow_access' });
  });

  it('function tests: a function that ends the program or redefines the harness’s words passes no test', async () => {
    const test = (fields: Record<string, unknown>) =>
      testCaseInputSchema.parse({ stdin: '', expected_output: '', checker: 'ignore', points: 1, ...fields });
    const tests = [
      test({ test_code: 'int a[] = {3, 9, 4};\nassert_eq(max(a, 3), 9);' }),
      test({ test_code: 'int a[] = {-5, -2};\nassert(max(a, 2) == -2);', visible: false }),
      test({ test_code: 'int a[] = {7};\nprintf("%d\\n", max(a, 1));', expected_output: '7', checker: 'trimmed' }),
    ];
    const wrong = 'int max(int *a, int n) {\n  return a[0] + n;\n}\n';
    const verdicts = async (code: string) => (await grader.grade('student-harness', code, tests)).tests;

    // Ending the program inside the function: nothing is checked, so nothing passes, and the test says why.
    for (const end of ['exit(0);', 'exit(3);']) {
      const ended = await verdicts(`#include <stdlib.h>\nint max(int *a, int n) {\n  ${end}\n}\n`);
      expect(ended.map((t) => t.verdict)).toEqual(['runtime_error', 'runtime_error', 'runtime_error']);
      expect(ended[0]!.message).toBe(functionEndedMessage(end === 'exit(0);' ? 0 : 3));
    }
    // Macros written after the function cannot reach the harness's dispatch, checks or reports.
    for (const macro of [
      '#define exit(x) (void)0',
      '#define fprintf(...) 0',
      '#define switch(x) switch (-1)',
      '#define atoi(x) -1',
      '#define assert(e) (void)0\n#define assert_eq(a, b) (void)0',
      '#define return exit(0); return',
    ]) {
      const results = await verdicts(`#include <stdio.h>\n#include <stdlib.h>\n${wrong}${macro}\n`);
      expect(
        results.map((t) => t.verdict),
        macro,
      ).toEqual(['wrong_answer', 'wrong_answer', 'wrong_answer']);
    }
    // The harness's report cannot be called by the student's code without its nonce.
    const forged = await verdicts(
      `__attribute__((import_module("grader"), import_name("test_done"))) void done(int, unsigned, unsigned, unsigned, unsigned);\n` +
        `int max(int *a, int n) {\n  for (int t = 0; t < 3; t++) done(t, 1, 2, 3, 4);\n  return n == 1 ? 7 : 0;\n}\n`,
    );
    // Its checks fail as they would; the test whose output is right is not passed either.
    expect(forged.map((t) => [t.verdict, t.message])).toEqual([
      ['wrong_answer', 'max(a, 3) returned 0; expected 9.'],
      ['wrong_answer', 'A check of this hidden test failed.'],
      ['runtime_error', exerciseMessages.harnessForged],
    ]);
  });

  it('a checker program in C judges a test: pass, fail with its message, or not checked when it is at fault', async () => {
    // Accepts the divisors in any order.
    const checkerCode = String.raw`#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static int read_all(const char *name, int *v) {
  FILE *f = fopen(name, "r");
  int n = 0;
  while (n < 100 && fscanf(f, "%d", &v[n]) == 1) n++;
  fclose(f);
  qsort(v, n, sizeof v[0], cmp);
  return n;
}
int main(void) {
  int want[100], got[100];
  int n = read_all("expected.txt", want), m = read_all("actual.txt", got);
  for (int i = 0; i < n || i < m; i++)
    if (n != m || want[i] != got[i]) { printf("fail\nThese are not the divisors of the number (in any order).\n"); return 0; }
  printf("pass\n");
  return 0;
}
`;
    const tests = [testCaseInputSchema.parse({ stdin: '12', expected_output: '1 2 3 4 6 12', checker: 'program' })];
    const program = (order: string) =>
      `#include <stdio.h>\nint main(void) {\n  int n;\n  scanf("%d", &n);\n  for (int d = ${order}) if (n % d == 0) printf("%d ", d);\n  return 0;\n}\n`;
    const descending = await grader.grade('student-checker', program('n; d >= 1; d--'), tests, { checkerCode });
    expect(descending.tests[0]).toMatchObject({ verdict: 'passed' });
    const wrong = await grader.grade('student-checker', program('2; d < n; d++'), tests, { checkerCode });
    expect(wrong.tests[0]).toMatchObject({
      verdict: 'wrong_answer',
      message: 'The output is not what was expected. These are not the divisors of the number (in any order).',
    });
    const silent = await grader.grade('student-checker', program('1; d <= n; d++'), tests, {
      checkerCode: 'int main(void) { return 0; }',
    });
    expect(silent.tests[0]).toMatchObject({
      verdict: 'not_run',
      message: 'Not checked: the teacher’s checker program printed neither pass nor fail first.',
    });
    const broken = await grader.grade('student-checker', program('1; d <= n; d++'), tests, {
      checkerCode: 'int main(void) { return x; }',
    });
    expect(broken.tests[0]!.message).toMatch(/^Not checked: the teacher’s checker program does not compile \(line 1:/);
  });

  it('bounds the folder: a file over 64 KB and too many files fail as on a full disk, and the run says so', async () => {
    const code = String.raw`#include <stdio.h>
#include <string.h>
int main(void) {
  char line[1025];
  memset(line, 'x', 1024);
  line[1024] = '\0';
  FILE *big = fopen("big.txt", "w");
  int written = 0;
  for (int i = 0; i < 100; i++) if (fputs(line, big) >= 0 && fflush(big) == 0) written++;
  fclose(big);
  int opened = 0;
  char name[32];
  for (int i = 0; i < 40; i++) {
    sprintf(name, "f%d.txt", i);
    FILE *f = fopen(name, "w");
    if (f) { opened++; fclose(f); }
  }
  printf("%d %d\n", written, opened);
  return 0;
}
`;
    const result = await grader.run('student-files', code, '');
    expect(result.run).toMatchObject({ status: 'ok', stdout: '64 15\n' });
    expect(result.run!.warnings).toEqual([
      "The program tried to write more than 64 KB to 'big.txt': a file here holds at most 64 KB, so that write failed.",
      'The program tried to create more than 16 files, the most a run may have.',
    ]);
  });

  it('grades a test by the files the program leaves, each checked like the output', async () => {
    const code = String.raw`#include <stdio.h>
int main(void) {
  FILE *in = fopen("marks.txt", "r");
  FILE *out = fopen("report.txt", "w");
  char name[32];
  int mark;
  while (fscanf(in, "%31s %d", name, &mark) == 2) fprintf(out, "%s %s\n", name, mark >= 40 ? "pass" : "fail");
  fclose(in);
  fclose(out);
  puts("done");
  return 0;
}
`;
    const test = (fields: Record<string, unknown>) =>
      testCaseInputSchema.parse({ stdin: '', expected_output: '', checker: 'ignore', points: 1, ...fields });
    const marks = { name: 'marks.txt', content: 'asha 72\nravi 35\n' };
    const result = await grader.grade('student-files', code, [
      test({ files: [marks], expected_files: [{ name: 'report.txt', content: 'asha pass\nravi fail\n' }] }),
      test({ files: [marks], expected_files: [{ name: 'report.txt', content: 'asha pass\nravi pass\n' }] }),
      test({ files: [marks], expected_files: [{ name: 'summary.txt', content: 'x' }] }),
      test({ files: [marks], expected_files: [{ name: 'report.txt', content: 'asha pass' }], visible: false }),
    ]);
    expect(result.tests.map((t) => t.verdict)).toEqual(['passed', 'wrong_answer', 'wrong_answer', 'wrong_answer']);
    expect(result.tests[1]).toMatchObject({
      message: `A file the program wrote is not what was expected. In the file 'report.txt': Line 2 differs: expected "ravi pass", got "ravi fail".`,
      files: [{ name: 'report.txt', expected: 'asha pass\nravi pass\n', actual: 'asha pass\nravi fail\n' }],
    });
    expect(result.tests[2]!.message).toBe(
      "A file the program wrote is not what was expected. The program did not create the file 'summary.txt'.",
    );
    // A hidden test says a file was wrong, and nothing of which or what it expected.
    expect(result.tests[3]).toMatchObject({ message: 'A file the program wrote is not what was expected.', files: [] });
  });
});

// 796 bytes: each macro doubles the one before, so A39 stands for 2^39 tokens.
const MACRO_BOMB = [
  '#define A0 x',
  ...Array.from({ length: 39 }, (_, i) => `#define A${i + 1} A${i} A${i}`),
  'int main(void) { A39; return 0; }',
  '',
].join('\n');
const BIG_ARRAY = 'char a[60000000] = {1};\nint main(void) { return a[0]; }\n';
const capLines = () =>
  logged.lines.filter((line) => line.message === 'grader: a compile reached its cap and was stopped');

describe('grader: each compile is capped', () => {
  it('stops a macro bomb and a 60 MB initialised array with a clear compile error, then compiles normally', async () => {
    for (const code of [MACRO_BOMB, BIG_ARRAY]) {
      const started = Date.now();
      const result = await grader.run('attacker', code, '');
      expect(result.compile).toMatchObject({
        ok: false,
        diagnostics: [{ line: 1, column: 1, severity: 'error', message: exerciseMessages.tooComplex }],
      });
      // Within the caps (this test's wall clock cap is a generous 120 s; the CPU cap of 5 s, the process's 1 GB or
      // the build's 32 MB ends these).
      expect(Date.now() - started).toBeLessThan(120_000);
    }
    // Which cap ends each depends on the machine's speed: the 60 MB array is built in about 3 s of CPU with the
    // process at 0.8 GB, past the build's cap, and a loaded machine may reach the CPU or memory cap first. Each cap on
    // its own is checked where it alone can fire: the CPU cap in process-pool.test.ts, the memory and size caps below.
    expect(capLines().map((line) => line.details)).toEqual([
      expect.objectContaining({ owner: 'attacker', limit: expect.stringMatching(/^(cpu|memory)$/) }),
      expect.objectContaining({ owner: 'attacker', limit: expect.stringMatching(/^(cpu|memory|size)$/) }),
    ]);
    expect((await grader.run('student-1', SUM, '2 2')).run).toMatchObject({ status: 'ok', stdout: '4\n' });
  }, 300_000);

  it('refuses a program built past 32 MB as too large, and builds and runs one of 4 MB of data', async () => {
    const before = capLines().length;
    const huge = await grader.run('attacker', 'char a[40000000] = {1};\nint main(void) { return a[0] - 1; }\n', '');
    expect(huge.compile).toMatchObject({
      ok: false,
      diagnostics: [{ line: 1, column: 1, severity: 'error', message: exerciseMessages.tooComplex }],
    });
    expect(capLines().slice(before)).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({
          owner: 'attacker',
          limit: 'size',
          cause: expect.stringMatching(/^the program built is 3\d MB \(cap 32 MB\)$/),
        }),
      }),
    ]);
    // Written by the compiler a few bytes at a time, as all its files are (scripts/patch-clang-glue.mjs).
    const sieve = await grader.run(
      'student-1',
      '#include <stdio.h>\nint primes[1000000] = {2, 3, 5};\nint main(void) { printf("%d %d\\n", primes[2], primes[999999]); return 0; }\n',
      '',
    );
    expect(sieve.compile.ok).toBe(true);
    expect(sieve.run).toMatchObject({ status: 'ok', stdout: '5 0\n' });
  }, 300_000);

  it.each([
    // Each run touches about 85 MB (its blocks and their shadows): collected after each.
    { megabytes: 40, without: '1.3 GB', bound: 450 },
    // About 40 MB: collected once two such runs have touched 64 MB between them.
    { megabytes: 12, without: '400 MB', bound: 200 },
  ])(
    'gives back the memory of runs that fill $megabytes MB each: ten leave the process under $bound MB larger, not $without',
    async ({ megabytes, bound }) => {
      // A checked program's memory is not counted against its worker's heap (build-flags.ts): unless the worker
      // collects after such runs, ten of them keep all they touched (`without`, measured here with no collection).
      const filler =
        '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(void) {\n  char *block[64];\n' +
        `  for (int i = 0; i < ${megabytes}; i++) { block[i] = malloc(1 << 20); memset(block[i], i, 1 << 20); }\n` +
        `  for (int i = 0; i < ${megabytes}; i++) free(block[i]);\n  puts("filled");\n  return 0;\n}\n`;
      expect((await grader.run('student-1', filler, '')).run).toMatchObject({ status: 'ok', stdout: 'filled\n' });
      const before = process.memoryUsage.rss();
      let peak = before;
      for (let i = 0; i < 10; i++) {
        expect((await grader.run('student-1', filler, '')).run).toMatchObject({ status: 'ok', stdout: 'filled\n' });
        peak = Math.max(peak, process.memoryUsage.rss());
      }
      expect(peak - before).toBeLessThan(bound * 1024 * 1024);
    },
  );

  describe('the memory cap', () => {
    const memoryLog = logger();
    let small: Grader;
    beforeAll(async () => {
      // Clang's memory capped at 64 MB and CPU time practically not: the memory cap is what stops the bomb.
      small = createGrader({
        concurrency: 1,
        log: memoryLog.log,
        clangMemoryMb: 64,
        compileLimits: { cpuMs: 120_000, wallMs: 240_000 },
      });
      await small.warmUp();
    }, 120_000);
    afterAll(() => small.close());

    it('ends a compile whose memory reaches the cap with the same message, and the compiler goes on', async () => {
      const [pid] = small.compilerPids();
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid!) ?? 0)), 100);
      const result = await small.run('attacker', MACRO_BOMB, '').finally(() => clearInterval(sampler));
      expect(result.compile).toMatchObject({
        ok: false,
        diagnostics: [{ line: 1, severity: 'error', message: exerciseMessages.tooComplex }],
      });
      // Clang said it ran out of memory (V8 refused to grow it), the process was not killed for its size.
      expect(memoryLog.lines).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          details: expect.objectContaining({ limit: 'memory', cause: expect.stringMatching(/out of memory/) }),
        }),
      );
      expect(peak).toBeLessThan(COMPILE_LIMITS.processRssBytes);
      expect((await small.run('student-1', SUM, '20 22')).run).toMatchObject({ status: 'ok', stdout: '42\n' });
      expect(small.compilerPids()).toEqual([pid]);
    }, 300_000);
  });
});

describe('grader: what fails on the grader’s side is named to the student and logged', () => {
  const errors = (owner: string) =>
    logged.lines.filter((line) => line.level === 'error' && line.details.owner === owner);

  it('a compiler crash is a compile error saying so, not "grader unavailable"', async () => {
    const crash = await grader.run('student-2', '#pragma clang __debug crash\nint main(void) { return 0; }\n', '');
    expect(crash).toMatchObject({
      compile: {
        ok: false,
        diagnostics: [{ line: 1, column: 1, severity: 'error', message: exerciseMessages.compilerCrashed }],
      },
      run: null,
    });
    expect(errors('student-2')).toEqual([
      expect.objectContaining({
        message: 'grader: the compiler crashed',
        details: expect.objectContaining({
          cause: expect.stringMatching(/unreachable/),
          code_sha256: expect.any(String),
        }),
      }),
    ]);

    // Brackets run past Clang's own stack (in its memory), blocks past V8's: both are said to be nested too deeply.
    const tooDeep = [
      ['student-3', `int main(void) { return ${'('.repeat(5000)}0${')'.repeat(5000)}; }\n`, /out of bounds/],
      ['student-deep', `int main(void) { ${'{'.repeat(5000)}${'}'.repeat(5000)} return 0; }\n`, /call stack/],
    ] as const;
    for (const [owner, code, cause] of tooDeep) {
      const nested = await grader.run(owner, code, '');
      expect(nested.compile).toMatchObject({
        ok: false,
        diagnostics: [{ line: 1, severity: 'error', message: exerciseMessages.compilerNestedTooDeeply }],
      });
      expect(errors(owner)).toEqual([
        expect.objectContaining({
          message: 'grader: the compiler crashed (its stack ran out)',
          details: expect.objectContaining({ cause: expect.stringMatching(cause) }),
        }),
      ]);
    }

    // The compiler is fine afterwards.
    expect((await grader.run('student-2', SUM, '1 2')).run).toMatchObject({ status: 'ok', stdout: '3\n' });
  }, 120_000);

  it('a program that imports a function the runner lacks is a run error naming it', async () => {
    const code =
      '__attribute__((import_module("env"), import_name("nope"))) void nope(void);\nint main(void) { nope(); return 0; }\n';
    const ran = await grader.run('student-4', code, '');
    expect(ran.compile.ok).toBe(true);
    expect(ran.run).toMatchObject({
      status: 'runtime_error',
      message: expect.stringContaining('The program uses a function this site cannot provide: env.nope'),
    });
    expect(errors('student-4')).toEqual([
      expect.objectContaining({
        message: 'grader: a program could not be run',
        details: expect.objectContaining({ cause: expect.stringMatching(/env\.nope/) }),
      }),
    ]);

    // Graded: the first test says why, the rest are not run, and the log has it once.
    const graded = await grader.grade('student-5', code, tests);
    expect(graded.tests.map((t) => t.verdict)).toEqual(['runtime_error', 'not_run']);
    expect(graded.tests[0]!.message).toMatch(/env\.nope/);
    expect(errors('student-5')).toHaveLength(1);
  }, 120_000);
});

describe('diagnostics parser', () => {
  it('reads clang lines and linker errors', () => {
    expect(
      parseDiagnostics(
        "main.c:3:7: warning: unused variable 'x' [-Wunused-variable]\n    3 | int x;\nmain.c:9:1: fatal error: 'nope.h' file not found",
      ),
    ).toEqual([
      { line: 3, column: 7, severity: 'warning', message: "unused variable 'x' [-Wunused-variable]" },
      { line: 9, column: 1, severity: 'error', message: "'nope.h' file not found" },
    ]);
    expect(
      parseDiagnostics(
        'wasm-ld: error: main.o: undefined symbol: helper\nclang: error: linker command failed with exit code 1',
      ),
    ).toEqual([
      {
        line: 1,
        column: 1,
        severity: 'error',
        message: 'undefined symbol: helper (is a function missing, or misspelled?)',
      },
    ]);
  });
});

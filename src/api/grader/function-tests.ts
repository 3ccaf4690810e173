/**
 * Function exercises: the student writes functions, the teacher's test code calls them. The student's code and every
 * test's code become one program (one compile per submission), whose `main` runs the test named by its first
 * argument. A student's own `main` is renamed out of the way, so they may keep one for trying things. Test code
 * checks with `assert(expression)` or `assert_eq(actual, expected)`; a failed check is told in words, with the
 * values for `assert_eq`, and the test fails as a wrong answer, not a crash.
 */

/** What a failed check writes to standard error, after a mark the student's own output can't forge by accident. */
const MARK = '\u001fcheck-failed:';
/** The exit status of a failed check. */
export const CHECK_FAILED_EXIT = 97;
/** The file the compiler names for test code, so its messages can be told apart (and a hidden test's kept back). */
export const TEST_FILE = 'tests.c';

const HARNESS_HEAD = String.raw`
#undef main
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#undef assert
#define assert(e) ((e) ? (void)0 : (fprintf(stderr, "\n${MARK}The check %s failed.\n", #e), exit(${CHECK_FAILED_EXIT})))
#define assert_eq(actual, expected) do { long long __a = (long long)(actual), __e = (long long)(expected); \
  if (__a != __e) { fprintf(stderr, "\n${MARK}%s returned %lld; expected %lld.\n", #actual, __a, __e); \
  exit(${CHECK_FAILED_EXIT}); } } while (0)
`;

/** The student's code with the tests' code after it; test i runs when the program's first argument is i. */
export function functionTestProgram(code: string, testCodes: string[]): string {
  const tests = testCodes
    .map((test, index) => `#line 1 "${TEST_FILE}"\nstatic void __test_${index}(void) {\n${test}\n}\n`)
    .join('');
  const cases = testCodes.map((_, index) => `    case ${index}: __test_${index}(); break;\n`).join('');
  return `#define main __student_main\n#line 1 "main.c"\n${code}\n${HARNESS_HEAD}${tests}int main(int argc, char **argv) {\n  switch (argc > 1 ? atoi(argv[1]) : -1) {\n${cases}  }\n  return 0;\n}\n`;
}

/** The failed check a run's standard error tells (a sentence), if one did, and the error output without it. */
export function failedCheck(stderr: string): { check: string; stderr: string } | null {
  const at = stderr.lastIndexOf(MARK);
  if (at < 0) return null;
  const check = stderr
    .slice(at + MARK.length)
    .split('\n')[0]!
    .trim();
  return { check, stderr: stderr.slice(0, at).replace(/\n$/, '') };
}

/** The compiler's words about the tests' code, without the source lines it quotes (a hidden test's code). */
export function withoutTestSource(output: string): string {
  const lines = output.split('\n');
  const kept: string[] = [];
  let inTest = false;
  for (const line of lines) {
    if (/^[\w.-]+:\d+:\d+: /.test(line) || /^\S/.test(line)) inTest = line.startsWith(`${TEST_FILE}:`);
    else if (inTest) continue;
    kept.push(line);
  }
  return kept.join('\n');
}

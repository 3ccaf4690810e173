/**
 * Function exercises: the student writes functions, the teacher's test code calls them. The student's code and every
 * test's code become one program (one compile per submission), whose `main` runs the test named by its first
 * argument. A student's own `main` is renamed out of the way, so they may keep one for trying things. Test code
 * checks with `assert(expression)` or `assert_eq(actual, expected)`; a failed check is told in words, with the
 * values for `assert_eq`, and the test fails as a wrong answer, not a crash.
 *
 * The student cannot talk their way through a test (docs/decisions/006):
 * - The harness's `main`, its dispatch and its reporting are written **before** the student's code, so no macro the
 *   student defines (`#define switch(x)`, `#define exit(x)`, `#define fprintf(...)`) reaches them. It calls the
 *   system directly (WASI's `fd_write` and `proc_exit`, under names of its own), never a C library function the
 *   student could define again.
 * - A test counts as finished only when the harness itself says so after the test's code returned: it calls the
 *   runner's `grader.test_done` with the test's number and a nonce. The nonce is derived from the program with a
 *   key only this process holds, lives in the harness's code (WebAssembly code is not in the program's memory, so
 *   the student's code cannot read it), and a call with a wrong one marks the run as tampered with. A function
 *   that ends the program (`exit(0)`, `abort()`) never lets the harness say so: the test fails with those words.
 * - `assert` and `assert_eq` are defined again after the student's code, calling the harness's own functions.
 * The student's code and the tests stay one translation unit, as in CodeRunner: the tests may call the student's
 * `static` functions and use their types and globals, which two translation units would not allow.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** What a failed check writes to standard error, after a mark the student's own output can't forge by accident. */
const MARK = '\u001fcheck-failed:';
/** The exit status of a failed check. */
export const CHECK_FAILED_EXIT = 97;
/** The file the compiler names for test code, so its messages can be told apart (and a hidden test's kept back). */
export const TEST_FILE = 'tests.c';

/** What the runner checks a function test's run against: which test it is and the nonce its harness reports with. */
export interface HarnessCheck {
  test: number;
  nonce: number[];
}

/** A program's harness: the nonce it reports with (four 32-bit words) and the prefix of its own names. */
export interface Harness {
  nonce: number[];
  prefix: string;
}

/** Known only to this process: the nonces are derived from it. */
const processKey = randomBytes(32);

/**
 * The harness of a program: the same for the same code and tests (so the same program builds the same), unknowable
 * without this process's key.
 */
export function harnessFor(code: string, testCodes: string[]): Harness {
  const digest = createHmac('sha256', processKey).update(code).update('\0').update(testCodes.join('\0')).digest();
  return {
    nonce: [0, 4, 8, 12].map((offset) => digest.readUInt32LE(offset)),
    prefix: `__harness_${digest.subarray(16, 24).toString('hex')}`,
  };
}

const hex = (word: number) => `0x${word.toString(16).padStart(8, '0')}u`;
/** A C string literal of a text without quotes or backslashes (new lines and the mark escaped). */
const literal = (text: string) => `"${text.replaceAll('\n', '\\n').replace('\u001f', '\\x1f" "')}"`;

/** The harness's part before the student's code: its main, its system calls and its reports, named by the nonce. */
function harnessHead(h: string, nonce: number[], tests: number): string {
  const ids = Array.from({ length: tests }, (_, index) => index);
  const words = nonce.map(hex).join(', ');
  return String.raw`#line 1 "${TEST_FILE}"
__attribute__((import_module("grader"), import_name("test_done"))) void ${h}_done(int, unsigned, unsigned, unsigned, unsigned);
__attribute__((import_module("wasi_snapshot_preview1"), import_name("fd_write"))) int ${h}_write(int, const void *, unsigned long, unsigned long *);
__attribute__((import_module("wasi_snapshot_preview1"), import_name("proc_exit"))) _Noreturn void ${h}_exit(int);
struct ${h}_text { const char *at; unsigned long length; };
__attribute__((unused)) static void ${h}_put(const char *at, unsigned long length) {
  struct ${h}_text text = { at, length };
  unsigned long written;
  ${h}_write(2, &text, 1, &written);
}
__attribute__((unused)) static void ${h}_number(long long value) {
  char digits[24];
  int at = 24;
  unsigned long long rest = value < 0 ? 0ull - (unsigned long long)value : (unsigned long long)value;
  do { digits[--at] = (char)('0' + rest % 10); rest /= 10; } while (rest);
  if (value < 0) digits[--at] = '-';
  ${h}_put(digits + at, (unsigned long)(24 - at));
}
__attribute__((unused)) _Noreturn static void ${h}_failed(const char *check, unsigned long length) {
  ${h}_put(${literal(`\n${MARK}The check `)}, sizeof(${literal(`\n${MARK}The check `)}) - 1);
  ${h}_put(check, length);
  ${h}_put(" failed.\n", 9);
  ${h}_exit(${CHECK_FAILED_EXIT});
}
__attribute__((unused)) static void ${h}_equal(long long actual, long long expected, const char *call, unsigned long length) {
  if (actual == expected) return;
  ${h}_put(${literal(`\n${MARK}`)}, sizeof(${literal(`\n${MARK}`)}) - 1);
  ${h}_put(call, length);
  ${h}_put(" returned ", 10);
  ${h}_number(actual);
  ${h}_put("; expected ", 11);
  ${h}_number(expected);
  ${h}_put(".\n", 2);
  ${h}_exit(${CHECK_FAILED_EXIT});
}
${ids.map((index) => `static void ${h}_test_${index}(void);`).join('\n')}
int main(int argc, char **argv) {
  int which = -1;
  if (argc > 1)
    for (const char *digit = argv[1], *first = argv[1]; *digit >= '0' && *digit <= '9'; digit++)
      which = (digit == first ? 0 : which * 10) + (*digit - '0');
  switch (which) {
${ids.map((index) => `    case ${index}: ${h}_test_${index}(); ${h}_done(${index}, ${words}); break;`).join('\n')}
  }
  return 0;
}
#define main __student_main
`;
}

/** The harness's part after the student's code: the headers test code uses, the checks, the tests. */
function harnessTail(h: string, testCodes: string[]): string {
  const tests = testCodes
    .map((test, index) => `#line 1 "${TEST_FILE}"\nstatic void ${h}_test_${index}(void) {\n${test}\n}\n`)
    .join('');
  return String.raw`
#undef main
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#undef assert
#undef assert_eq
#define assert(e) ((e) ? (void)0 : (fflush(stdout), ${h}_failed(#e, sizeof(#e) - 1)))
#define assert_eq(actual, expected) (fflush(stdout), ${h}_equal((long long)(actual), (long long)(expected), #actual, sizeof(#actual) - 1))
${tests}`;
}

/**
 * The student's code between the harness's two parts; test i runs when the program's first argument is i, and the
 * runner must be given `{ test: i, nonce }` to tell whether it finished.
 */
export function functionTestProgram(code: string, testCodes: string[], { nonce, prefix }: Harness): string {
  return `${harnessHead(prefix, nonce, testCodes.length)}${STUDENT_CODE_STARTS}${code}\n${harnessTail(prefix, testCodes)}`;
}

const STUDENT_CODE_STARTS = '#line 1 "main.c"\n';

/** The student's own lines of a program, numbered as the runs report them (a test program's harness left out). */
export function studentLines(source: string): string[] {
  const start = source.indexOf(STUDENT_CODE_STARTS);
  return (start < 0 ? source : source.slice(start + STUDENT_CODE_STARTS.length)).split('\n');
}

/**
 * The failed check a run tells (a sentence: it ended with the harness's exit code, its standard error saying which),
 * if one did, and the error output without it.
 */
export function failedCheck({ exit_code, stderr }: { exit_code: number | null; stderr: string }): {
  check: string;
  stderr: string;
} | null {
  if (exit_code !== CHECK_FAILED_EXIT) return null;
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

/** The program a Run, trace or grading builds: the student's code, or for a function exercise code and tests. */
export function programOf(code: string, testCodes: string[]): { source: string; harness: Harness | null } {
  if (!testCodes.some((test) => test.trim() !== '')) return { source: code, harness: null };
  const harness = harnessFor(code, testCodes);
  return { source: functionTestProgram(code, testCodes, harness), harness };
}

/**
 * The native referees: their reports read back as a kind and a line (from reports as gcc 12 and valgrind 3.19
 * print them), and one real run of each on a program with a known bug.
 */
import { describe, expect, it } from 'vitest';
import { judgeNative, parseSanitizer, parseValgrind, refereesAvailable, runNative } from './native.js';

const ASAN_HEAP = `=================================================================
==19964==ERROR: AddressSanitizer: heap-buffer-overflow on address 0xf50007a0 at pc 0x5662c30b bp 0xffc92fc8 sp 0xffc92fbc
WRITE of size 4 at 0xf50007a0 thread T0
    #0 0x5662c30a in fill /tmp/oracle-asan-x/prog.c:7
    #1 0x5662c30a in main /tmp/oracle-asan-x/prog.c:12
    #2 0xf71bf2d4  (/lib32/libc.so.6+0x232d4)

0xf50007a0 is located 0 bytes to the right of 16-byte region [0xf5000790,0xf50007a0)
allocated by thread T0 here:
    #0 0xf79bbb2b in __interceptor_malloc ../../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
    #1 0x5662c265 in main /tmp/oracle-asan-x/prog.c:3
`;

const ASAN_OVERLAP = `==21351==ERROR: AddressSanitizer: memcpy-param-overlap: memory ranges [0xffa61c90,0xffa61c96) and [0xffa61c92, 0xffa61c98) overlap
    #0 0xf7921d0c in __interceptor_memcpy ../../../../../src/libsanitizer/sanitizer_common/sanitizer_common_interceptors.inc:827
    #1 0x565d3378 in main /tmp/oracle-asan-x/prog.c:9
`;

const LSAN = `
=================================================================
==19985==ERROR: LeakSanitizer: detected memory leaks

Direct leak of 16 byte(s) in 1 object(s) allocated from:
    #0 0xf799eb2b in __interceptor_malloc ../../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
    #1 0x565c7223 in make /tmp/oracle-asan-x/prog.c:5
    #2 0x565c7223 in main /tmp/oracle-asan-x/prog.c:14

Indirect leak of 8 byte(s) in 1 object(s) allocated from:
    #0 0xf799eb2b in __interceptor_malloc ../../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
    #1 0x565c7223 in main /tmp/oracle-asan-x/prog.c:16

SUMMARY: AddressSanitizer: 24 byte(s) leaked in 2 allocation(s).
`;

const VALGRIND_WRITE = `==19998== Invalid write of size 4
==19998==    at 0x10918F: main (prog.c:3)
==19998==  Address 0x4a41050 is 0 bytes after a block of size 16 alloc'd
==19998==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
==19998==    by 0x10916A: main (prog.c:3)
==19998== 
==19998== 16 bytes in 1 blocks are definitely lost in loss record 1 of 1
==19998==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
==19998==    by 0x10915A: main (prog.c:2)
==19998== 
`;

const VALGRIND_STACK = `==21336== Stack overflow in thread #1: can't grow stack to 0x1ffe801000
==21336== 
==21336== Process terminating with default action of signal 11 (SIGSEGV)
==21336==  Access not within mapped region at address 0x1FFE801FF8
==21336== Stack overflow in thread #1: can't grow stack to 0x1ffe801000
==21336==    at 0x10914C: f (prog.c:3)
==21336==  If you believe this happened as a result of a stack
`;

const VALGRIND_LEAK = `==4== Warning: set address range perms: large range [0x59c8040, 0x2b9c8070) (undefined)
==4== 40 bytes in 1 blocks are definitely lost in loss record 2 of 3
==4==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
==4==    by 0x1091AA: copy_of (prog.c:8)
==4==    by 0x109250: main (prog.c:20)
==4== 
==4== 6 bytes in 1 blocks are definitely lost in loss record 1 of 3
==4==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
==4==    by 0x1091AA: main (prog.c:21)
==4== 
`;

describe('reading the sanitizers', () => {
  it("names ASan's kind and the first frame in the program", () => {
    expect(parseSanitizer(ASAN_HEAP)).toMatchObject({ kind: 'heap-buffer-overflow', line: 7, leak: false });
    expect(parseSanitizer(ASAN_OVERLAP)).toMatchObject({ kind: 'memcpy-param-overlap', line: 9 });
    expect(
      parseSanitizer(
        '==1==ERROR: AddressSanitizer: SEGV on unknown address 0x00000000 (pc 0x1)\n    #0 0x1 in main /t/prog.c:4\n',
      ),
    ).toMatchObject({ kind: 'SEGV', line: 4 });
    expect(
      parseSanitizer(
        '==1==ERROR: AddressSanitizer: attempting double-free on 0xf5 in thread T0:\n    #0 0x1 in free x.cpp:1\n    #1 0x2 in main /t/prog.c:11\n',
      ),
    ).toMatchObject({ kind: 'attempting double-free', line: 11 });
  });
  it("keeps a stack overflow's recursion lines", () => {
    const report = [
      '==1==ERROR: AddressSanitizer: stack-overflow on address 0xff74cffc (pc 0xf79327a1 bp 0xff74d0d8 sp 0xff74d000 T0)',
      '    #0 0xf79327a1 in __asan_stack_malloc_1 ../../../../../src/libsanitizer/asan/asan_fake_stack.cpp:258',
      '    #1 0x56563289 in depth_sum /tmp/oracle-asan-FN8lha/prog.c:3',
      '    #2 0x5656349c in depth_sum /tmp/oracle-asan-FN8lha/prog.c:7',
      '    #3 0x5656349c in depth_sum /tmp/oracle-asan-FN8lha/prog.c:7',
    ].join('\n');
    expect(parseSanitizer(report)).toMatchObject({ kind: 'stack-overflow', line: 3, recursionLines: [3, 7] });
  });
  it("reads UBSan's file:line:column", () => {
    expect(
      parseSanitizer(
        "prog.c:11:3: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\n",
      ),
    ).toMatchObject({
      kind: "signed integer overflow: N + N cannot be represented in type 'int'",
      line: 11,
    });
  });
  it("gives a leak's allocation lines, the direct leak's first", () => {
    expect(parseSanitizer(LSAN)).toMatchObject({ kind: 'direct leak', leak: true, line: 5, leakLines: [5, 16] });
  });
  it('finds nothing in a clean run', () => {
    expect(parseSanitizer('')).toBeNull();
  });
});

describe('reading valgrind', () => {
  it('names the first error, not the leak after it', () => {
    expect(parseValgrind(VALGRIND_WRITE)).toMatchObject({ kind: 'Invalid write of size N', line: 3, leak: false });
  });
  it('names a stack overflow by the signal it ended with', () => {
    expect(parseValgrind(VALGRIND_STACK)).toMatchObject({ kind: 'SIGSEGV (stack overflow)', line: 3 });
  });
  it('gives the lines that allocated what was definitely lost, skipping warnings', () => {
    expect(parseValgrind(VALGRIND_LEAK)).toMatchObject({
      kind: 'definitely lost',
      leak: true,
      line: 8,
      leakLines: [8, 21],
    });
  });
});

describe.runIf(refereesAvailable().ok)('the referees on a real program', () => {
  const code = `#include <stdlib.h>
#include <stdio.h>
int main(void) {
  int *a = malloc(4 * sizeof *a);
  for (int i = 0; i <= 4; i++) a[i] = i;
  printf("%d\\n", a[0]);
  free(a);
  return 0;
}
`;
  it('both name the overflow at its line', async () => {
    const [asan, valgrind] = await Promise.all([
      runNative('asan', code, '', { noCache: true }),
      runNative('valgrind', code, '', { noCache: true }),
    ]);
    expect(judgeNative('asan', asan).finding).toMatchObject({ kind: 'heap-buffer-overflow', line: 5 });
    expect(judgeNative('valgrind', valgrind).finding).toMatchObject({ kind: 'Invalid write of size N', line: 5 });
  });
  it('says when a program does not compile or does not finish', async () => {
    expect(
      judgeNative('asan', await runNative('asan', 'int main(void) { return x; }', '', { noCache: true })).failed,
    ).toBe('compile');
    const loop = 'int main(void) { volatile int x = 1; while (x) {} return 0; }';
    expect(judgeNative('asan', await runNative('asan', loop, '', { noCache: true, timeoutMs: 300 })).failed).toBe(
      'timeout',
    );
  });
});

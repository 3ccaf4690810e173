import { describe, expect, it } from 'vitest';
import { describeProblem, oneTooFarHint } from './run-problems.js';

const leak = (fields: Record<string, string>) =>
  describeProblem({ fields: { kind: 'leak', ...fields }, line: null, function: null }).message;

describe('the leak warning', () => {
  it('names one block and its line once', () => {
    expect(leak({ blocks: '1', bytes: '16', leak_line: '14', leak_count: '1', leak_bytes: '16' })).toBe(
      'Memory leak: 1 block (16 bytes) allocated on line 14 was never freed. Free each block when you no longer need it.',
    );
  });

  it('names the blocks of one line once', () => {
    expect(leak({ blocks: '3', bytes: '48', leak_line: '9', leak_count: '3', leak_bytes: '48' })).toBe(
      'Memory leak: 3 blocks (48 bytes) allocated on line 9 were never freed. Free each block when you no longer need it.',
    );
  });

  it('gives the total, then each line, when the blocks come from several', () => {
    expect(
      leak({
        blocks: '3',
        bytes: '48',
        leak_line: '14',
        leak_count: '2',
        leak_bytes: '32',
        leak_line2: '0',
        leak_count2: '1',
        leak_bytes2: '16',
      }),
    ).toBe(
      'Memory leak: 3 blocks (48 bytes) were never freed: 2 blocks (32 bytes) allocated on line 14; 1 block (16 bytes) allocated by the C library. Free each block when you no longer need it.',
    );
  });
});

describe('the hint for an access one past the end', () => {
  const code = [
    'int main(void) {',
    '  int marks[5];',
    '  for (int i = 0; i <= n; i++)',
    '    marks[i] = 0;',
    '  while (k<=len-1 && ok) k++;',
    '  total <<= 1; if (a[j] <= strlen(s)) x = a[j + 1];',
    '  printf("a <= b"); y = b[5];',
    '}',
  ];

  it('quotes the `<=` of the loop above, with its line', () => {
    expect(oneTooFarHint(code, 4)).toBe(' (one step too far: `i <= n` on line 3, where `<` was meant?)');
  });

  it('quotes a `<=` on the line itself without its line number, up to the end of its condition', () => {
    expect(oneTooFarHint(code, 5)).toBe(' (one step too far: `k<=len-1`, where `<` was meant?)');
    expect(oneTooFarHint(code, 6)).toBe(' (one step too far: `a[j] <= strlen(s)`, where `<` was meant?)');
  });

  it('guesses nothing when the code near the line has no `<=` (a shift or a string does not count)', () => {
    expect(oneTooFarHint(['int a[2];', 'total <<= 1;', 'puts("i <= n");', 'a[2] = 1;'], 4)).toBe('');
    expect(oneTooFarHint(code, null)).toBe('');
  });

  it('is part of the message for a block indexed one past its end, and left out where the code has no `<=`', () => {
    const report = {
      fields: {
        kind: 'access',
        access: 'write',
        size: '4',
        where: 'heap',
        first_bad: '1020',
        beg: '1000',
        obj_size: '20',
        alloc_line: '2',
      },
      line: 4,
      function: 'main',
    };
    expect(describeProblem(report, code).message).toBe(
      'Line 4: the program writes 4 bytes just past the end of a block of 20 bytes allocated with malloc on line 2. If it holds ints, there is room for 5, numbered 0 to 4, and this is number 5 (one step too far: `i <= n` on line 3, where `<` was meant?).',
    );
    expect(describeProblem(report, ['', '', '', 'marks[5] = 0;']).message).toMatch(/this is number 5\.$/);
  });
});

describe('a wild pointer', () => {
  it('is told with its address when the checks saw it', () => {
    const fields = {
      kind: 'access',
      access: 'read',
      size: '1',
      first_bad: '300000',
      where: 'wild',
      function: 'strlen',
    };
    expect(describeProblem({ fields, line: 6, function: 'main' }).message).toBe(
      'Line 6: `strlen` reads address 300000, which belongs to no variable or block: a pointer that was never set, or has run far past its array.',
    );
  });
});

describe('an access the engine stopped', () => {
  it('is a pointer to no variable or block, at its line, claiming neither an address nor a read or a write', () => {
    const problem = describeProblem({ fields: { kind: 'access', where: 'outside' }, line: 8, function: 'main' });
    expect(problem).toEqual({
      kind: 'wild',
      line: 8,
      fatal: true,
      message:
        'Line 8: the program uses a pointer to memory that belongs to no variable or block: a pointer that was never set, or has run far past its array.',
    });
  });
});

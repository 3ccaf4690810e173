/**
 * Two rules of the grader's verdicts, through the real compiler and runner:
 * - a program passed by luck never passes: output that depends on memory the program never wrote (or read past a
 *   block) fails, with the reason at the line, never "passed" and never a bare wrong answer;
 * - a verdict does not depend on the machine's load: a run's limit is its own CPU time, so the same programs get the
 *   same verdicts while other work keeps every core busy.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaseInputSchema } from '../../contracts/exercises/authoring.js';
import { createGrader, type Grader } from './grader.js';

let grader: Grader;
beforeAll(async () => {
  grader = createGrader({
    concurrency: 1,
    log: { error: () => undefined, warn: () => undefined },
    compileLimits: { wallMs: 120_000 },
  });
  await grader.warmUp();
}, 120_000);
afterAll(() => grader.close());

const test = (stdin: string, expected_output: string) =>
  testCaseInputSchema.parse({ stdin, expected_output, visible: true, points: 1 });

describe('passed by luck never passes', { timeout: 120_000 }, () => {
  it('a total never set, which memory happens to make right, fails at the line that used it', async () => {
    // The sum of the numbers read: right only if `total` happened to start at 0.
    const code = `#include <stdio.h>
int main(void) {
    int n, x, total;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        if (scanf("%d", &x) != 1) return 1;
        total += x;
    }
    printf("%d\\n", total);
    return 0;
}
`;
    const graded = await grader.grade('luck', code, [test('3 1 2 3\n', '6\n'), test('2 10 20\n', '30\n')]);
    for (const result of graded.tests) {
      expect(result.verdict).toBe('runtime_error');
      expect(result.line).toBe(9);
      expect(result.message).toMatch(/`printf` is given a value that was never set\. It comes from `total`/);
    }
    expect(graded.score).toBe(0);
  });

  it('an array element never set, and one past the end, fail at their lines whatever they print', async () => {
    const unset = `#include <stdio.h>
int main(void) {
    int marks[4];
    int n;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) if (scanf("%d", &marks[i]) != 1) return 1;
    int best = marks[0];
    for (int i = 1; i < 4; i++)
        if (marks[i] > best) best = marks[i];
    printf("%d\\n", best);
    return 0;
}
`;
    // Three marks read, four compared: marks[3] was never set.
    const graded = await grader.grade('luck', unset, [test('3 50 70 60\n', '70\n')]);
    expect(graded.tests[0]).toMatchObject({ verdict: 'runtime_error', line: 9 });
    expect(graded.tests[0]!.message).toMatch(/never set\. It comes from `marks`/);

    const pastEnd = unset.replace('int marks[4];', 'int marks[3];').replace('i < 4', 'i <= 3');
    const past = await grader.grade('luck', pastEnd, [test('3 50 70 60\n', '70\n')]);
    expect(past.tests[0]).toMatchObject({ verdict: 'runtime_error', line: 9 });
    expect(past.tests[0]!.message).toMatch(/index 3 is outside the array \(int\[3\]\): its indexes are 0 to 2/);
  });
});

/** Programs whose verdicts must not change: correct but busy, a recursion without end, an endless loop. */
const BUSY_CORRECT = `#include <stdio.h>
int main(void) {
    long long sum = 0;
    for (int i = 0; i < 30000000; i++) sum += i % 7;
    printf("%lld\\n", sum);
    return 0;
}
`;
const ENDLESS_RECURSION = `#include <stdio.h>
int depth(int n) { return depth(n + 1) + 1; }
int main(void) { printf("%d\\n", depth(0)); return 0; }
`;
const ENDLESS_LOOP = `int main(void) { volatile int x = 0; for (;;) x++; }
`;

async function verdicts(): Promise<string[]> {
  const out: string[] = [];
  for (const code of [BUSY_CORRECT, ENDLESS_RECURSION, ENDLESS_LOOP]) {
    const { run } = await grader.run('load', code, '');
    out.push(`${run?.status} ${run?.problem ?? '-'} ${run?.status === 'ok' ? run.stdout.trim() : ''}`);
  }
  return out;
}

describe('verdicts that do not depend on load', { timeout: 300_000 }, () => {
  it('gives the same verdicts while other processes keep every core busy', async () => {
    const calm = await verdicts();
    expect(calm).toEqual(['ok - 89999995', 'runtime_error stack_overflow ', 'time_limit - ']);
    // More busy processes than cores: each run gets a fraction of a core, and as much CPU time as it needs.
    const burners: ChildProcess[] = Array.from({ length: availableParallelism() * 2 }, () =>
      spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await verdicts()).toEqual(calm);
    } finally {
      for (const burner of burners) burner.kill('SIGKILL');
    }
  });
});

/**
 * The memory-error and undefined-behaviour checks of the C grader, in `npm run bench` (also runnable on its own:
 * `npx tsx bench/c-checks.ts`). Prints:
 * - the corpus (test/c-corpus) through the real grader: bugs named at their line, false alarms on correct programs;
 * - compile time of every corpus program built as today (checks, debug information, the checks runtime) against
 *   the same program built plain (the flags before the checks, nothing precompiled), both by the grader's own
 *   compile process (Clang as it runs there, with its V8 flags), this run;
 * - run time and memory of correct programs that keep a CPU busy, checked against plain, run by the grader's own
 *   run worker: the per-test time limit must stay fair to a correct solution.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { EXERCISE_LIMITS } from '../src/contracts/exercises/limits.js';
import { createGrader } from '../src/api/grader/grader.js';
import type { RunRequest, RunResponse } from '../src/api/grader/run-worker.js';
import { WorkerPool, workerScript } from '../src/api/grader/worker-pool.js';
import { judgeCorpus, readCorpus } from '../test/c-corpus.js';

/** Correct programs a course sets that keep the CPU busy: arrays, the heap, strings, recursion, floating point. */
const BUSY: Record<string, string> = {
  'sieve of primes to 20,000,000': `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 20000000, count = 0;
  char *composite = calloc(n + 1, 1);
  for (int i = 2; i <= n; i++) {
    if (composite[i]) continue;
    count++;
    for (long long j = (long long)i * i; j <= n; j += i) composite[j] = 1;
  }
  printf("%d\\n", count);
  free(composite);
  return 0;
}
`,
  'bubble sort of 20,000 ints': `#include <stdio.h>
int a[20000];
int main(void) {
  int n = 20000;
  for (int i = 0; i < n; i++) a[i] = (i * 7919) % n;
  for (int i = 0; i < n - 1; i++)
    for (int j = 0; j < n - 1 - i; j++)
      if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
  printf("%d %d\\n", a[0], a[n - 1]);
  return 0;
}
`,
  'matrix product 400 x 400 (doubles)': `#include <stdio.h>
#define N 400
double a[N][N], b[N][N], c[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) { a[i][j] = i + j; b[i][j] = i - j; }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double sum = 0;
      for (int k = 0; k < N; k++) sum += a[i][k] * b[k][j];
      c[i][j] = sum;
    }
  printf("%.1f\\n", c[N - 1][N - 1]);
  return 0;
}
`,
  'linked list of 1,000,000 nodes, built and freed': `#include <stdio.h>
#include <stdlib.h>
struct node { int value; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 1000000; i++) {
    struct node *n = malloc(sizeof *n);
    n->value = i;
    n->next = head;
    head = n;
  }
  long long sum = 0;
  while (head) { struct node *next = head->next; sum += head->value; free(head); head = next; }
  printf("%lld\\n", sum);
  return 0;
}
`,
  'recursive fibonacci(32)': `#include <stdio.h>
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void) { printf("%d\\n", fib(32)); return 0; }
`,
  'string work: 40,000 strcat/strlen': `#include <stdio.h>
#include <string.h>
char text[40100];
int main(void) {
  long total = 0;
  for (int i = 0; i < 40000; i++) {
    strcat(text, "a");
    total += strlen(text) % 7;
  }
  printf("%ld\\n", total);
  return 0;
}
`,
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function benchCChecks(): Promise<string[]> {
  const lines: string[] = [];
  const corpus = readCorpus();

  // 1. The corpus through the grader, as Run does it.
  const grader = createGrader({ concurrency: 1, log: { error: () => undefined, warn: () => undefined } });
  await grader.warmUp();
  let named = 0;
  let buggy = 0;
  let falseAlarms = 0;
  const missed: string[] = [];
  for (const program of corpus) {
    const verdict = judgeCorpus(program, await grader.run('bench', program.code, program.stdin));
    if (program.expect === 'clean') falseAlarms += verdict.falseAlarm ? 1 : 0;
    else {
      buggy += 1;
      if (verdict.named) named += 1;
      else missed.push(program.file);
    }
  }
  const clean = corpus.length - buggy;
  lines.push(
    `C bugs named at their line: ${named} of ${buggy}, false alarms: ${falseAlarms} (of ${clean} correct programs)${missed.length ? `; missed: ${missed.join(', ')}` : ''}`,
  );

  // 2. Compile time, checked against plain, the same programs in turn, each built anew (a comment of its own).
  let round = 0;
  const compileC = async (code: string, checked: boolean) => {
    round += 1;
    const built = await grader.compile('bench', `${code}/* ${round} */\n`, checked ? 'checked' : 'plain');
    if (!built.wasm) throw new Error(`did not compile: ${built.result.output}`);
    return built.wasm;
  };
  await compileC(corpus[0]!.code, true);
  await compileC(corpus[0]!.code, false);
  const spent = { checked: 0, plain: 0 };
  const compiled = corpus.filter((p) => p.expect !== 'warning');
  for (const program of compiled) {
    for (const checked of [false, true]) {
      const started = performance.now();
      await compileC(program.code, checked);
      spent[checked ? 'checked' : 'plain'] += performance.now() - started;
    }
  }
  const perProgram = (ms: number) => `${(ms / compiled.length).toFixed(0)} ms`;
  const ratio = spent.checked / spent.plain;
  lines.push(
    `compile, per program (${compiled.length} corpus programs): checked ${perProgram(spent.checked)}, plain ${perProgram(spent.plain)}: ${ratio.toFixed(2)}x (target at most 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'})`,
  );

  // 3. Busy correct programs: time and memory, checked against plain, in the grader's run worker.
  const runners = new WorkerPool<RunRequest, RunResponse>({
    script: workerScript('run-worker', new URL('../src/api/grader/grader.ts', import.meta.url).href),
    size: 1,
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
  });
  runners.start();
  let worst = 0;
  for (const [name, code] of Object.entries(BUSY)) {
    const result: Record<'plain' | 'checked', RunResponse> = {} as never;
    for (const checked of [false, true]) {
      const wasm = await compileC(code, checked);
      const request = { key: `${name}-${checked}`, wasm, stdin: '', args: [], files: [], outputMaxBytes: 64 * 1024 };
      await runners.run('bench', request, 60_000); // compiled by the worker once: time the second run
      result[checked ? 'checked' : 'plain'] = await runners.run('bench', request, 60_000);
    }
    const { plain, checked } = result;
    const outOfMemory = checked.reports.some((r) => r.fields.kind === 'heap_full');
    const note = outOfMemory
      ? " (the checks' share of its million blocks is more than the memory: the grader runs it again plain)"
      : plain.stdout !== checked.stdout || checked.reports.length > 0
        ? ` (DIFFERS: ${checked.reports.map((r) => r.fields.kind).join(', ')})`
        : '';
    const slower = checked.time_ms / Math.max(1, plain.time_ms);
    worst = Math.max(worst, slower);
    lines.push(
      `  ${name.padEnd(48)} plain ${String(plain.time_ms).padStart(5)} ms, checked ${String(checked.time_ms).padStart(5)} ms (${slower.toFixed(2)}x); memory ${mb(plain.memory_bytes)} -> ${mb(checked.memory_bytes)}${note}`,
    );
  }
  await runners.close();
  await grader.close();
  lines.splice(
    lines.length - Object.keys(BUSY).length,
    0,
    `run time of busy correct programs, checked against plain (worst ${worst.toFixed(2)}x; a checked run that reaches the ${EXERCISE_LIMITS.timeLimitMs / 1000} s limit runs again plain with the same limit):`,
  );
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The grader's workers and processes don't hold the event loop open (the server does): this does, meanwhile.
  const alive = setInterval(() => undefined, 1000);
  for (const line of await benchCChecks()) console.log(line);
  clearInterval(alive);
}

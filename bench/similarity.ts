/**
 * The similarity check's time for 50 submissions of about 100 lines: realistic C programs (each student picks their
 * own helpers, names and loop styles; five hand in a disguised copy of another's, names changed and functions
 * reordered), compared with Dolos's method in a child process as the server does it. Also the longest stall of this
 * thread's event loop meanwhile (the web server's, on the site), small because the comparison runs elsewhere.
 * bench/run.ts prints it; run alone with `npx tsx bench/similarity.ts`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SIMILARITY_MAX_CHARS, SIMILARITY_MAX_LINES } from '../src/contracts/similarity.js';

type RunnerModule = typeof import('../src/api/similarity/similarity-runner.js');

/** The built runner, as the server runs it (its child loads compiled JavaScript), or the source through tsx. */
async function runnerModule(): Promise<RunnerModule> {
  const built = new URL('../dist/server/api/similarity/similarity-runner.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return (await import(built.href)) as RunnerModule;
  return import('../src/api/similarity/similarity-runner.js');
}

const STUDENTS = 50;
const COPIES = 5;
/** Checking a batch should feel like a short wait, not a coffee break. */
export const SIMILARITY_TARGET_MS = 10_000;

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type Names = (base: string) => string;

/** Helpers a student might write, each in two styles; `n` names every identifier. */
const helpers: ((n: Names, whileLoops: boolean) => string)[] = [
  (n, w) =>
    w
      ? `int ${n('sum_array')}(const int *${n('a')}, int ${n('len')}) {\n  int ${n('s')} = 0;\n  int ${n('i')} = 0;\n  while (${n('i')} < ${n('len')}) {\n    ${n('s')} += ${n('a')}[${n('i')}];\n    ${n('i')}++;\n  }\n  return ${n('s')};\n}\n`
      : `int ${n('sum_array')}(const int *${n('a')}, int ${n('len')}) {\n  int ${n('s')} = 0;\n  for (int ${n('i')} = 0; ${n('i')} < ${n('len')}; ${n('i')}++) {\n    ${n('s')} += ${n('a')}[${n('i')}];\n  }\n  return ${n('s')};\n}\n`,
  (n, w) =>
    w
      ? `int ${n('gcd')}(int ${n('x')}, int ${n('y')}) {\n  while (${n('y')} != 0) {\n    int ${n('t')} = ${n('x')} % ${n('y')};\n    ${n('x')} = ${n('y')};\n    ${n('y')} = ${n('t')};\n  }\n  return ${n('x')} < 0 ? -${n('x')} : ${n('x')};\n}\n`
      : `int ${n('gcd')}(int ${n('x')}, int ${n('y')}) {\n  if (${n('y')} == 0) return ${n('x')} < 0 ? -${n('x')} : ${n('x')};\n  return ${n('gcd')}(${n('y')}, ${n('x')} % ${n('y')});\n}\n`,
  (n, w) =>
    w
      ? `void ${n('bubble_sort')}(int *${n('v')}, int ${n('len')}) {\n  int ${n('swapped')} = 1;\n  while (${n('swapped')}) {\n    ${n('swapped')} = 0;\n    for (int ${n('k')} = 1; ${n('k')} < ${n('len')}; ${n('k')}++) {\n      if (${n('v')}[${n('k')} - 1] > ${n('v')}[${n('k')}]) {\n        int ${n('tmp')} = ${n('v')}[${n('k')}];\n        ${n('v')}[${n('k')}] = ${n('v')}[${n('k')} - 1];\n        ${n('v')}[${n('k')} - 1] = ${n('tmp')};\n        ${n('swapped')} = 1;\n      }\n    }\n  }\n}\n`
      : `void ${n('insertion_sort')}(int *${n('v')}, int ${n('len')}) {\n  for (int ${n('i')} = 1; ${n('i')} < ${n('len')}; ${n('i')}++) {\n    int ${n('key')} = ${n('v')}[${n('i')}];\n    int ${n('j')} = ${n('i')} - 1;\n    while (${n('j')} >= 0 && ${n('v')}[${n('j')}] > ${n('key')}) {\n      ${n('v')}[${n('j')} + 1] = ${n('v')}[${n('j')}];\n      ${n('j')}--;\n    }\n    ${n('v')}[${n('j')} + 1] = ${n('key')};\n  }\n}\n`,
  (n, w) =>
    w
      ? `int ${n('binary_search')}(const int *${n('v')}, int ${n('len')}, int ${n('target')}) {\n  int ${n('lo')} = 0, ${n('hi')} = ${n('len')} - 1;\n  while (${n('lo')} <= ${n('hi')}) {\n    int ${n('mid')} = ${n('lo')} + (${n('hi')} - ${n('lo')}) / 2;\n    if (${n('v')}[${n('mid')}] == ${n('target')}) return ${n('mid')};\n    if (${n('v')}[${n('mid')}] < ${n('target')}) ${n('lo')} = ${n('mid')} + 1;\n    else ${n('hi')} = ${n('mid')} - 1;\n  }\n  return -1;\n}\n`
      : `int ${n('linear_search')}(const int *${n('v')}, int ${n('len')}, int ${n('target')}) {\n  for (int ${n('i')} = 0; ${n('i')} < ${n('len')}; ++${n('i')})\n    if (${n('v')}[${n('i')}] == ${n('target')}) return ${n('i')};\n  return -1;\n}\n`,
  (n, w) =>
    w
      ? `long ${n('factorial')}(int ${n('k')}) {\n  long ${n('r')} = 1;\n  while (${n('k')} > 1) {\n    ${n('r')} *= ${n('k')}--;\n  }\n  return ${n('r')};\n}\n`
      : `long ${n('factorial')}(int ${n('k')}) {\n  return ${n('k')} <= 1 ? 1 : ${n('k')} * ${n('factorial')}(${n('k')} - 1);\n}\n`,
  (n, w) =>
    w
      ? `int ${n('is_prime')}(int ${n('p')}) {\n  if (${n('p')} < 2) return 0;\n  int ${n('d')} = 2;\n  while (${n('d')} * ${n('d')} <= ${n('p')}) {\n    if (${n('p')} % ${n('d')} == 0) return 0;\n    ${n('d')}++;\n  }\n  return 1;\n}\n`
      : `int ${n('is_prime')}(int ${n('p')}) {\n  if (${n('p')} < 2) return 0;\n  if (${n('p')} % 2 == 0) return ${n('p')} == 2;\n  for (int ${n('d')} = 3; ${n('d')} * ${n('d')} <= ${n('p')}; ${n('d')} += 2)\n    if (${n('p')} % ${n('d')} == 0) return 0;\n  return 1;\n}\n`,
  (n, w) =>
    w
      ? `void ${n('reverse')}(char *${n('str')}) {\n  size_t ${n('len')} = strlen(${n('str')});\n  size_t ${n('i')} = 0;\n  while (${n('i')} < ${n('len')} / 2) {\n    char ${n('c')} = ${n('str')}[${n('i')}];\n    ${n('str')}[${n('i')}] = ${n('str')}[${n('len')} - 1 - ${n('i')}];\n    ${n('str')}[${n('len')} - 1 - ${n('i')}] = ${n('c')};\n    ${n('i')}++;\n  }\n}\n`
      : `void ${n('reverse')}(char *${n('str')}) {\n  char *${n('end')} = ${n('str')} + strlen(${n('str')}) - 1;\n  for (char *${n('p')} = ${n('str')}; ${n('p')} < ${n('end')}; ${n('p')}++, ${n('end')}--) {\n    char ${n('c')} = *${n('p')};\n    *${n('p')} = *${n('end')};\n    *${n('end')} = ${n('c')};\n  }\n}\n`,
  (n, w) =>
    w
      ? `int ${n('count_vowels')}(const char *${n('s')}) {\n  int ${n('count')} = 0;\n  while (*${n('s')}) {\n    char ${n('c')} = (char)tolower((unsigned char)*${n('s')}++);\n    if (strchr("aeiou", ${n('c')})) ${n('count')}++;\n  }\n  return ${n('count')};\n}\n`
      : `int ${n('count_vowels')}(const char *${n('s')}) {\n  int ${n('count')} = 0;\n  for (size_t ${n('i')} = 0; ${n('s')}[${n('i')}] != '\\0'; ${n('i')}++) {\n    switch (tolower((unsigned char)${n('s')}[${n('i')}])) {\n      case 'a': case 'e': case 'i': case 'o': case 'u':\n        ${n('count')}++;\n        break;\n      default:\n        break;\n    }\n  }\n  return ${n('count')};\n}\n`,
  (n, w) =>
    w
      ? `void ${n('matrix_multiply')}(int ${n('a')}[3][3], int ${n('b')}[3][3], int ${n('out')}[3][3]) {\n  int ${n('r')} = 0;\n  while (${n('r')} < 3) {\n    for (int ${n('c')} = 0; ${n('c')} < 3; ${n('c')}++) {\n      ${n('out')}[${n('r')}][${n('c')}] = 0;\n      for (int ${n('k')} = 0; ${n('k')} < 3; ${n('k')}++)\n        ${n('out')}[${n('r')}][${n('c')}] += ${n('a')}[${n('r')}][${n('k')}] * ${n('b')}[${n('k')}][${n('c')}];\n    }\n    ${n('r')}++;\n  }\n}\n`
      : `int ${n('max_of')}(const int *${n('v')}, int ${n('len')}) {\n  int ${n('best')} = ${n('v')}[0];\n  for (int ${n('i')} = 1; ${n('i')} < ${n('len')}; ${n('i')}++)\n    if (${n('v')}[${n('i')}] > ${n('best')}) ${n('best')} = ${n('v')}[${n('i')}];\n  return ${n('best')};\n}\n`,
  (n, w) =>
    w
      ? `long ${n('fibonacci')}(int ${n('k')}) {\n  long ${n('prev')} = 0, ${n('cur')} = 1;\n  while (${n('k')}-- > 0) {\n    long ${n('next')} = ${n('prev')} + ${n('cur')};\n    ${n('prev')} = ${n('cur')};\n    ${n('cur')} = ${n('next')};\n  }\n  return ${n('prev')};\n}\n`
      : `long ${n('fibonacci')}(int ${n('k')}) {\n  static long ${n('memo')}[64];\n  if (${n('k')} < 2) return ${n('k')};\n  if (${n('memo')}[${n('k')}]) return ${n('memo')}[${n('k')}];\n  return ${n('memo')}[${n('k')}] = ${n('fibonacci')}(${n('k')} - 1) + ${n('fibonacci')}(${n('k')} - 2);\n}\n`,
];

const MAIN_BODY = (n: Names) =>
  `int main(void) {\n  int ${n('count')};\n  if (scanf("%d", &${n('count')}) != 1 || ${n('count')} <= 0 || ${n('count')} > 1000) {\n    fprintf(stderr, "bad input\\n");\n    return 1;\n  }\n  int ${n('values')}[1000];\n  for (int ${n('i')} = 0; ${n('i')} < ${n('count')}; ${n('i')}++) {\n    if (scanf("%d", &${n('values')}[${n('i')}]) != 1) return 1;\n  }\n  char ${n('word')}[128];\n  if (scanf("%127s", ${n('word')}) != 1) ${n('word')}[0] = '\\0';\n  printf("%d numbers, word %s\\n", ${n('count')}, ${n('word')});\n  return 0;\n}\n`;

/** One student's program: about 100 lines, their own choice of helpers, names and loops. */
function program(next: () => number, student: number): string {
  const suffix = ['', '_v', '2', '_x', 'Val', '_s'][student % 6]!;
  const names: Names = (base) => (base.length <= 2 ? `${base}${student % 7 === 0 ? '' : suffix}` : `${base}${suffix}`);
  const chosen = [...helpers.keys()].sort(() => next() - 0.5);
  const parts = ['#include <ctype.h>\n#include <stdio.h>\n#include <string.h>\n'];
  let lines = 3 + MAIN_BODY(names).split('\n').length;
  for (const index of chosen) {
    if (lines >= 95) break;
    const [first, ...rest] = helpers[index]!(names, next() < 0.5).split('\n');
    // A student's habits: a trace line, a call counter, an early check, or none.
    const habit = Math.floor(next() * 5);
    const extra = [
      [],
      [`  fprintf(stderr, "in ${index}\\n");`],
      [`  static int ${names('calls')} = 0;`, `  ${names('calls')}++;`],
      [`  int ${names('guard')} = 0;`, `  if (${names('guard')}) {`, `    ${names('guard')}--;`, '  }'],
      [`  for (int ${names('w')} = 0; ${names('w')} < 1; ${names('w')}++) ;`],
    ][habit]!;
    const text = [first, ...extra, ...rest].join('\n');
    parts.push(text);
    lines += text.split('\n').length;
  }
  parts.push(MAIN_BODY(names));
  return parts.join('\n');
}

/**
 * A submission as large as the check takes (SIMILARITY_MAX_CHARS and SIMILARITY_MAX_LINES): one student's program
 * grown with more of their own helpers, each round's names suffixed, until the next would pass either limit.
 */
export function largestProgram(next: () => number, student: number): string {
  const parts: string[] = [];
  let chars = 0;
  let lines = 0;
  for (let round = 0; ; round += 1) {
    const part = program(next, student * 1000 + round)
      .replaceAll('int main(void)', `int main_${round}(void)`)
      .replace(/\b(\w+)\(/g, (call, name: string) =>
        [
          'if',
          'for',
          'while',
          'switch',
          'return',
          'sizeof',
          'printf',
          'scanf',
          'fprintf',
          'strlen',
          'strchr',
          'tolower',
        ].includes(name)
          ? call
          : `${name}_r${round}(`,
      );
    const partLines = part.split('\n').length;
    if (chars + part.length + 1 > SIMILARITY_MAX_CHARS || lines + partLines > SIMILARITY_MAX_LINES) break;
    parts.push(part);
    chars += part.length + 1;
    lines += partLines;
  }
  return parts.join('\n');
}

/** A copy: every identifier renamed and the functions in another order. */
function disguise(code: string): string {
  const [head, ...functions] = code.split('\n\n');
  const main = functions.pop()!;
  const renamed = [...functions.reverse(), main]
    .join('\n\n')
    .replace(/\b(sum_array|gcd|bubble_sort|insertion_sort|binary_search|linear_search|factorial|is_prime)/g, 'my_$1')
    .replace(/\b(len|tmp|count|values|word|target|best)(\w*)\b/g, 'the_$1');
  return `${head}\n\n${renamed}`;
}

export interface SimilarityFigures {
  files: number;
  lines: number;
  ms: number;
  copiesInTop: number;
  eventLoopMaxMs: number;
}

export async function benchSimilarity(): Promise<SimilarityFigures> {
  const next = random(2026);
  const files = Array.from({ length: STUDENTS }, (_, i) => ({ id: i + 1, code: program(next, i) }));
  const copied = new Map<number, number>();
  for (let c = 0; c < COPIES; c++) {
    const copier = STUDENTS - c;
    const source = c * 7 + 1;
    files[copier - 1] = { id: copier, code: disguise(files[source - 1]!.code) };
    copied.set(copier, source);
  }
  const lines = files.reduce((sum, f) => sum + f.code.split('\n').length, 0);
  const run = (await runnerModule()).createChildRunner({ timeoutMs: 120_000 });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const { pairs } = await run(
    { files, starterCode: null },
    { onProgress: () => undefined, signal: new AbortController().signal },
  );
  const ms = performance.now() - started;
  delay.disable();
  const top = pairs.slice(0, COPIES);
  const copiesInTop = top.filter((p) => copied.get(p.left) === p.right || copied.get(p.right) === p.left).length;
  return { files: files.length, lines, ms, copiesInTop, eventLoopMaxMs: delay.max / 1e6 };
}

export function similarityLines(f: SimilarityFigures): { lines: string[]; met: boolean } {
  return {
    lines: [
      `${f.files} submissions, ${Math.round(f.lines / f.files)} lines each on average, compared in a child process: ${(f.ms / 1000).toFixed(2)} s (its start included); the ${COPIES} disguised copies ranked as the top ${COPIES} pairs: ${f.copiesInTop} of ${COPIES}; longest stall of the calling thread's event loop meanwhile ${f.eventLoopMaxMs.toFixed(1)} ms`,
    ],
    met: f.ms < SIMILARITY_TARGET_MS && f.copiesInTop === COPIES,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchSimilarity();
  for (const line of similarityLines(figures).lines) console.log(line);
}

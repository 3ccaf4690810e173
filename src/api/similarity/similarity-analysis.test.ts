import { describe, expect, it } from 'vitest';
import { analyzeSimilarity } from './similarity-analysis.js';

const STARTER = `#include <stdio.h>

/* Read n, then print each prime up to n with the sum of its digits. */
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) {
    printf("bad input\\n");
    return 1;
  }
  /* your code here */
  return 0;
}
`;

/** Student 1: the original. */
const ORIGINAL = `#include <stdio.h>

int sum_digits(int n) {
  int s = 0;
  while (n > 0) {
    s += n % 10;
    n /= 10;
  }
  return s;
}

int is_prime(int n) {
  if (n < 2) return 0;
  for (int i = 2; i * i <= n; i++)
    if (n % i == 0) return 0;
  return 1;
}

int main(void) {
  int n;
  if (scanf("%d", &n) != 1) {
    printf("bad input\\n");
    return 1;
  }
  for (int k = 1; k <= n; k++) {
    if (is_prime(k)) printf("%d %d\\n", k, sum_digits(k));
  }
  return 0;
}
`;

/** Student 2: student 1's program with every name changed and the two functions swapped. */
const RENAMED_AND_REORDERED = `#include <stdio.h>

int prime(int value) {
  if (value < 2) return 0;
  for (int d = 2; d * d <= value; d++)
    if (value % d == 0) return 0;
  return 1;
}

int digits(int value) {
  int total = 0;
  while (value > 0) {
    total += value % 10;
    value /= 10;
  }
  return total;
}

int main(void) {
  int n;
  if (scanf("%d", &n) != 1) {
    printf("bad input\\n");
    return 1;
  }
  for (int q = 1; q <= n; q++) {
    if (prime(q)) printf("%d %d\\n", q, digits(q));
  }
  return 0;
}
`;

/** Student 3: an independent solution (a sieve, digits read from the printed number). */
const INDEPENDENT = `#include <stdio.h>
#include <string.h>

#define MAX 100000
static char composite[MAX + 1];

int main(void) {
  int n;
  if (scanf("%d", &n) != 1) {
    printf("bad input\\n");
    return 1;
  }
  if (n > MAX) n = MAX;
  memset(composite, 0, sizeof composite);
  for (long p = 2; p * p <= n; ++p)
    if (!composite[p])
      for (long m = p * p; m <= n; m += p) composite[m] = 1;
  char text[16];
  for (int v = 2; v <= n; ++v) {
    if (composite[v]) continue;
    int len = snprintf(text, sizeof text, "%d", v);
    int acc = 0;
    for (int c = 0; c < len; ++c) acc += text[c] - '0';
    printf("%d %d\\n", v, acc);
  }
  return 0;
}
`;

/** Students 4 and 5 handed in the starter code as they got it (one with a comment of their own). */
const STARTER_ONLY_A = STARTER;
const STARTER_ONLY_B = STARTER.replace('/* your code here */', '/* TODO: finish this */').replace(
  '  int n;',
  '  int  n;',
);

const files = [
  { id: 1, code: ORIGINAL },
  { id: 2, code: RENAMED_AND_REORDERED },
  { id: 3, code: INDEPENDENT },
  { id: 4, code: STARTER_ONLY_A },
  { id: 5, code: STARTER_ONLY_B },
];

const pairOf = (pairs: Awaited<ReturnType<typeof analyzeSimilarity>>, a: number, b: number) =>
  pairs.find((p) => (p.left === a && p.right === b) || (p.left === b && p.right === a))!;

describe('similarity analysis (Dolos)', () => {
  it('ranks a renamed and reordered copy first and an independent solution low, starter code not counted', async () => {
    const progress: string[] = [];
    const pairs = await analyzeSimilarity({ files, starterCode: STARTER }, (p) =>
      progress.push(`${p.phase} ${p.done}/${p.total}`),
    );
    expect(pairs).toHaveLength(10);
    expect([pairs[0]!.left, pairs[0]!.right].sort()).toEqual([1, 2]);
    expect(pairs[0]!.similarity).toBeGreaterThan(0.8);
    // Ranked in order, most similar first.
    expect(pairs.map((p) => p.similarity)).toEqual([...pairs.map((p) => p.similarity)].sort((a, b) => b - a));
    for (const copy of [1, 2]) expect(pairOf(pairs, copy, 3).similarity).toBeLessThan(0.3);
    // Two students who only kept the starter code share nothing once it is left out.
    expect(pairOf(pairs, 4, 5).similarity).toBeLessThan(0.2);
    expect(progress.at(-1)).toBe('fragments 10/10');

    // Both functions matched although they swapped places: fragments start on both sides in each function.
    const fragments = pairs[0]!.fragments;
    expect(fragments.length).toBeGreaterThanOrEqual(2);
    const [left, right] = pairs[0]!.left === 1 ? (['left', 'right'] as const) : (['right', 'left'] as const);
    const original = ORIGINAL.split('\n');
    const rows = (side: 'left' | 'right') => fragments.map((f) => f[side].start_row);
    // sum_digits (rows 2-9 of the original) and is_prime (rows 11-16) are both covered.
    expect(rows(left).some((r) => r >= 2 && r <= 9)).toBe(true);
    expect(rows(left).some((r) => r >= 11 && r <= 16)).toBe(true);
    for (const f of fragments) {
      expect(f[left].end_row).toBeLessThan(original.length);
      expect(f[right].start_row).toBeLessThanOrEqual(f[right].end_row);
    }
  });

  it('counts the starter code when the teacher gave none', async () => {
    const pairs = await analyzeSimilarity({ files, starterCode: null });
    expect(pairOf(pairs, 4, 5).similarity).toBeGreaterThan(0.9);
  });
});

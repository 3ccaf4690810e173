/** C programs for the similarity check's tests: a program, a disguised copy, an independent one, starter code. */

export const STARTER = `#include <stdio.h>

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
export const ORIGINAL = `#include <stdio.h>

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
export const RENAMED_AND_REORDERED = `#include <stdio.h>

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
export const INDEPENDENT = `#include <stdio.h>
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

/** Students 4 and 5 handed in the starter code as they got it (a blank line, a comment of their own). */
export const STARTER_ONLY_A = `${STARTER}\n`;
export const STARTER_ONLY_B = STARTER.replace('/* your code here */', '/* TODO: finish this */').replace(
  '  int n;',
  '  int  n;',
);

/**
 * The worst case for matching, as the attack on the site sent it: a legal file as large as the check takes (2,000
 * lines, about 58 KB) of the same four statements over and over, so each fingerprint occurs hundreds of times in
 * each file. `variant` puts that many different lines first, so files of different variants match shifted.
 */
export function repetitiveProgram(variant = 0): string {
  const repeated = [
    '  total = total + step * 31;',
    '  step = step * total % 113;',
    '  total = total - step / 27;',
    '  step = total % 719 + step;',
  ];
  const lines = ['int main(void) {', '  int total = 1, step = 2;'];
  for (let i = 0; i < variant; i++) lines.push(`  step = step + total * ${i + 2};`);
  for (let i = 0; lines.length < 1_997; i++) lines.push(repeated[i % repeated.length]!);
  lines.push('  return total == step;', '}', '');
  return lines.join('\n');
}

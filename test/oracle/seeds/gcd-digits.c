/* Recursion on numbers: greatest common divisor, sum of digits and power, for each pair typed. */
#include <stdio.h>

int gcd(int a, int b) {
  if (b == 0) return a;
  return gcd(b, a % b);
}

int digit_sum(int n) {
  if (n < 10) return n;
  return n % 10 + digit_sum(n / 10);
}

long long power(int base, int exp) {
  if (exp == 0) return 1;
  return base * power(base, exp - 1);
}

int main(void) {
  int a;
  int b;
  while (scanf("%d %d", &a, &b) == 2) {
    printf("gcd(%d, %d) = %d, digits %d and %d, %d^5 = %lld\n", a, b, gcd(a, b), digit_sum(a), digit_sum(b), a % 10,
           power(a % 10, 5));
  }
  return 0;
}

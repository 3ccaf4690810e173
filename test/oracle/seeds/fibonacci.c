/* Fibonacci numbers: plain recursion for small n, remembered in an array for larger ones. */
#include <stdio.h>

long long memo[60];

long long fib(int n) {
  if (n < 2) return n;
  if (memo[n] != 0) return memo[n];
  memo[n] = fib(n - 1) + fib(n - 2);
  return memo[n];
}

int slow_fib(int n) {
  if (n < 2) return n;
  return slow_fib(n - 1) + slow_fib(n - 2);
}

int main(void) {
  printf("slow_fib(20) = %d\n", slow_fib(20));
  for (int n = 40; n < 50; n++) {
    printf("fib(%d) = %lld\n", n, fib(n));
  }
  return 0;
}

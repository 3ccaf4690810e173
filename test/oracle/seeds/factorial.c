/* Factorials by recursion, for 0 to 12. */
#include <stdio.h>

int factorial(int n) {
  if (n <= 1) return 1;
  return n * factorial(n - 1);
}

int main(void) {
  for (int n = 0; n <= 12; n++) {
    printf("%d! = %d\n", n, factorial(n));
  }
  return 0;
}

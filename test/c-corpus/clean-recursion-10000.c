// expect: clean
#include <stdio.h>
long sum_to(int n) {
  if (n == 0) return 0;
  return n + sum_to(n - 1);
}
int main(void) {
  printf("%ld\n", sum_to(10000));
  return 0;
}

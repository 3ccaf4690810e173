// expect: clean
#include <limits.h>
#include <stdio.h>
int main(void) {
  long long big = (long long)INT_MAX * 2;
  int fits = INT_MAX;
  int shifted = 1 << 30;
  unsigned int all = ~0u;
  long long fact = 1;
  for (int i = 1; i <= 20; i++) fact *= i;
  printf("%lld %d %d %u %lld %d\n", big, fits, shifted, all, fact, -7 / 2);
  return 0;
}

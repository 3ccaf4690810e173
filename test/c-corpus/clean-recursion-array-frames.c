// expect: clean
#include <stdio.h>
int depth_sum(int n) {
  int local[16];
  for (int i = 0; i < 16; i++) local[i] = n;
  if (n == 0) return local[0];
  return local[15] + depth_sum(n - 1);
}
int main(void) {
  printf("%d\n", depth_sum(10000));
  return 0;
}

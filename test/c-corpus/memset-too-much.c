// expect: stack_overflow_access line 9
// stdin: 6
#include <stdio.h>
#include <string.h>
int main(void) {
  int counts[5];
  int n;
  if (scanf("%d", &n) != 1) return 1;
  memset(counts, 0, n * sizeof counts[0]);
  printf("%d\n", counts[0]);
  return 0;
}

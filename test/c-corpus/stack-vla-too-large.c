// expect: stack_overflow line 8
// stdin: 3000000
#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  /* Three million ints, 12 MB, on a stack of 8 MB. */
  int marks[n];
  for (int i = 0; i < n; i++) marks[i] = i % 100;
  printf("%d\n", marks[n - 1]);
  return 0;
}

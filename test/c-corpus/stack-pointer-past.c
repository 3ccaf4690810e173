// expect: stack_overflow_access line 8
#include <stdio.h>
int main(void) {
  int a[4] = {1, 2, 3, 4};
  int *p = a;
  int total = 0;
  for (int i = 0; i < 5; i++)
    total += *(p + i);
  printf("%d\n", total);
  return 0;
}

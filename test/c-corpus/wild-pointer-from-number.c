// expect: wild line 8
#include <stdio.h>
#include <stdint.h>
int main(void) {
  int count = 100000;
  /* The number itself taken for an address, as `scanf("%d", count)` would. */
  int *p = (int *)(uintptr_t)count;
  *p = 1;
  printf("%d\n", count);
  return 0;
}

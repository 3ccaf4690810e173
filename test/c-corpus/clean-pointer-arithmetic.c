// expect: clean
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int *a = malloc(8 * sizeof *a);
  for (int *p = a; p < a + 8; p++) *p = (int)(p - a);
  int sum = 0;
  for (int *p = a + 7; p >= a; p--) sum += *p;
  printf("%d\n", sum);
  free(a);
  return 0;
}

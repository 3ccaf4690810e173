// expect: use_after_free line 11
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int *a = malloc(2 * sizeof *a);
  a[0] = 1;
  a[1] = 2;
  int *first = a;
  a = realloc(a, 100 * sizeof *a);
  a[2] = 3;
  printf("%d\n", *first);
  free(a);
  return 0;
}

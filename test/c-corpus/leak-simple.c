// expect: leak line 5
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int *a = malloc(10 * sizeof *a);
  a[0] = 5;
  printf("%d\n", a[0]);
  return 0;
}

// expect: clean
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof *p);
  *p = 1;
  free(p);
  p = malloc(3 * sizeof *p);
  p[2] = 5;
  printf("%d\n", p[2]);
  free(p);
  p = NULL;
  free(p);
  return 0;
}

// expect: heap_overflow line 10
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  double *v = malloc(3 * sizeof *v);
  v[0] = 1.5;
  v[1] = 2.5;
  v[2] = 3.5;
  double sum = 0;
  for (int i = 0; i < 4; i++) sum += v[i];
  printf("%.1f\n", sum);
  free(v);
  return 0;
}

// expect: heap_overflow line 8
#include <stdlib.h>
int main(void) {
  int *a = malloc(10 * sizeof *a);
  a = realloc(a, 5 * sizeof *a);
  int n = 10;
  for (int i = 0; i < n; i++)
    a[i] = i;
  free(a);
  return 0;
}

// expect: heap_overflow line 7
#include <stdlib.h>
int main(void) {
  int *a = malloc(4 * sizeof *a);
  int i = 0;
  i--;
  a[i] = 3;
  free(a);
  return 0;
}

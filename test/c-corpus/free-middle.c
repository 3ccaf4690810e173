// expect: bad_free line 7
#include <stdlib.h>
int main(void) {
  int *a = malloc(10 * sizeof *a);
  int *p = a;
  p += 3;
  free(p);
  return 0;
}

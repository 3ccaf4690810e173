// expect: bad_free line 6
#include <stdlib.h>
int main(void) {
  int a[4] = {1, 2, 3, 4};
  int *p = a;
  free(p);
  return 0;
}

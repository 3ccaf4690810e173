// expect: double_free line 9
#include <stdlib.h>
int main(void) {
  int *a = malloc(8);
  int *b = a;
  a[0] = 1;
  free(a);
  a = NULL;
  free(b);
  return 0;
}

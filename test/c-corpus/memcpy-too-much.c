// expect: heap_overflow line 8
#include <stdlib.h>
#include <string.h>
int main(void) {
  int src[10] = {0};
  int *dst = malloc(5 * sizeof *dst);
  int n = 10;
  memcpy(dst, src, n * sizeof *dst);
  free(dst);
  return 0;
}

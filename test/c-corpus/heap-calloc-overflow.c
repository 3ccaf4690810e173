// expect: heap_overflow line 6
#include <stdlib.h>
int main(void) {
  char *s = calloc(8, 1);
  int len = 8;
  s[len] = '\0';
  free(s);
  return 0;
}

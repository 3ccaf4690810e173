// expect: bad_free line 5
#include <stdlib.h>
int main(void) {
  char *s = "hello";
  free(s);
  return 0;
}

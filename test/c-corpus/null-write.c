// expect: null line 6
#include <stddef.h>
int main(void) {
  int *p = NULL;
  int value = 3;
  *p = value;
  return 0;
}

// expect: null line 6
#include <stdio.h>
#include <stddef.h>
int main(void) {
  int *p = NULL;
  int x = *p;
  printf("%d\n", x);
  return 0;
}

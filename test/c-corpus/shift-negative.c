// expect: shift line 6
#include <stdio.h>
int main(void) {
  int by = -2;
  int value = 8;
  printf("%d\n", value >> by);
  return 0;
}

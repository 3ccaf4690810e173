// expect: shift line 6
#include <stdio.h>
int main(void) {
  int bits = 40;
  int one = 1;
  int big = one << bits;
  printf("%d\n", big);
  return 0;
}

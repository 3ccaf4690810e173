// expect: divide_by_zero line 7
#include <limits.h>
#include <stdio.h>
int main(void) {
  int a = INT_MIN;
  int b = -1;
  printf("%d\n", a / b);
  return 0;
}

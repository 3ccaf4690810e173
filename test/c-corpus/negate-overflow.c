// expect: overflow line 6
#include <limits.h>
#include <stdio.h>
int main(void) {
  int x = INT_MIN;
  int y = -x;
  printf("%d\n", y);
  return 0;
}

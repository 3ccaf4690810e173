// expect: overflow line 6
#include <stdio.h>
int main(void) {
  int sum = 2147483000;
  int add = 1000;
  sum += add;
  printf("%d\n", sum);
  return 0;
}

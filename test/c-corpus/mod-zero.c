// expect: divide_by_zero line 7
// stdin: 0
#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  printf("%d\n", 10 % n);
  return 0;
}

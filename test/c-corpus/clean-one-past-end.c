// expect: clean
#include <stdio.h>
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  int *end = a + 5;
  int *p = a;
  int sum = 0;
  while (p != end) sum += *p++;
  printf("%d %d\n", sum, end == &a[5]);
  return 0;
}

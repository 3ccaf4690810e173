// expect: bounds line 7
#include <stdio.h>
int main(void) {
  int a[3] = {1, 2, 3};
  int n = 3;
  int s = 0;
  for (int i = 0; i <= n; i++) s += a[i];
  printf("%d\n", s);
  return 0;
}

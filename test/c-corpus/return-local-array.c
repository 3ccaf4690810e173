// expect: use_after_return line 11 squares
#include <stdio.h>
int *squares(int n) {
  int result[8];
  for (int i = 0; i < n; i++) result[i] = i * i;
  return result;
}
int main(void) {
  int *s = squares(4);
  int total = 0;
  for (int i = 0; i < 4; i++) total += s[i];
  printf("%d\n", total);
  return 0;
}

// expect: clean
#include <stdio.h>
int main(void) {
  int m[3][4];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 4; c++) m[r][c] = r * 4 + c;
  int *flat = &m[0][0];
  int sum = 0;
  for (int i = 0; i < 12; i++) sum += flat[i];
  printf("%d %d\n", sum, m[2][3]);
  return 0;
}

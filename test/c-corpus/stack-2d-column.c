// expect: bounds line 8
#include <stdio.h>
int main(void) {
  int m[3][4] = {{0}};
  int cols = 4;
  for (int r = 0; r < 3; r++)
    for (int c = 0; c <= cols; c++)
      m[r][c] = r + c;
  printf("%d\n", m[0][0]);
  return 0;
}

// expect: clean
#include <stdio.h>
int main(void) {
  int grid[1000][1000];
  for (int r = 0; r < 1000; r++)
    for (int c = 0; c < 1000; c++) grid[r][c] = r ^ c;
  long long sum = 0;
  for (int r = 0; r < 1000; r++) sum += grid[r][999 - r];
  printf("%lld\n", sum);
  return 0;
}

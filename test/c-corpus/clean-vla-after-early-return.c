// expect: clean
#include <stdio.h>
int totals[3];
/* Returns before its variable-length array when there is nothing to add. */
int add_up(int n, int start) {
  if (n <= 0) return 0;
  int values[n];
  int sum = 0;
  for (int i = 0; i < n; i++) values[i] = start + i;
  for (int i = 0; i < n; i++) sum += values[i];
  return sum;
}
int main(void) {
  totals[0] = add_up(0, 5);
  totals[1] = add_up(4, 1);
  totals[2] = add_up(-1, 2);
  int local[2] = {totals[1], totals[0]};
  printf("%d %d %d %d\n", totals[0], totals[1], totals[2], local[0] + local[1]);
  return 0;
}

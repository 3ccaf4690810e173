/* Read n marks, print the average, the highest and how many passed. */
#include <stdio.h>

int main(void) {
  int n = 0;
  int marks[10];
  if (scanf("%d", &n) != 1 || n < 1 || n > 10) {
    printf("bad input\n");
    return 1;
  }
  for (int i = 0; i < n; i++) {
    scanf("%d", &marks[i]);
  }
  int total = 0;
  int best = marks[0];
  int passed = 0;
  for (int i = 0; i < n; i++) {
    total += marks[i];
    if (marks[i] > best) best = marks[i];
    if (marks[i] >= 40) passed++;
  }
  printf("average %.2f\n", (double)total / n);
  printf("best %d, passed %d of %d\n", best, passed, n);
  return 0;
}

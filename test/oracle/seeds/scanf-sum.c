/* Sum, count and largest of the numbers typed, until the input ends. */
#include <stdio.h>

int main(void) {
  int x;
  int count = 0;
  long long sum = 0;
  int largest = 0;
  while (scanf("%d", &x) == 1) {
    if (count == 0 || x > largest) largest = x;
    sum += x;
    count++;
  }
  if (count == 0) {
    printf("no numbers\n");
    return 0;
  }
  printf("count %d, sum %lld, largest %d\n", count, sum, largest);
  return 0;
}

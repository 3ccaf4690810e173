// expect: heap_overflow line 8
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 5;
  int *marks = malloc(n * sizeof *marks);
  for (int i = 0; i <= n; i++)
    marks[i] = i * 10;
  printf("%d\n", marks[0]);
  free(marks);
  return 0;
}

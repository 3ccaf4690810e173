// expect: uninitialised line 11
// stdin: 3
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  int *marks = malloc(n * sizeof *marks);
  int total = 0;
  for (int i = 0; i < n; i++) total += marks[i];
  if (total > 100) printf("pass\n");
  free(marks);
  return 0;
}

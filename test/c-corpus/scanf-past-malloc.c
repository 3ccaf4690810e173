// expect: heap_overflow line 9 scanf
// stdin: 4 10 20 30 40 50
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  int *a = malloc(n * sizeof *a);
  for (int i = 0; i <= n; i++) if (scanf("%d", &a[i]) != 1) break;
  printf("%d\n", a[0]);
  free(a);
  return 0;
}

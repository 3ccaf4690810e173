// expect: clean
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int capacity = 2, count = 0;
  int *v = malloc(capacity * sizeof *v);
  for (int i = 0; i < 100; i++) {
    if (count == capacity) {
      capacity *= 2;
      int *bigger = realloc(v, capacity * sizeof *v);
      if (!bigger) return 1;
      v = bigger;
    }
    v[count++] = i;
  }
  printf("%d %d\n", count, v[99]);
  free(v);
  return 0;
}

// expect: clean
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  size_t n = 50u * 1024 * 1024;
  char *block = malloc(n);
  if (!block) return 1;
  for (size_t i = 0; i < n; i += 65536) block[i] = 1;
  block[n - 1] = 2;
  printf("%d\n", block[0] + block[n - 1]);
  free(block);
  return 0;
}

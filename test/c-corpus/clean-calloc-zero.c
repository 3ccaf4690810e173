// expect: clean
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int *none = calloc(0, sizeof *none);
  free(none);
  char *empty = malloc(0);
  free(empty);
  free(NULL);
  printf("ok\n");
  return 0;
}

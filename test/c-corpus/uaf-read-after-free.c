// expect: use_after_free line 9
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int *score = malloc(sizeof *score);
  *score = 42;
  free(score);
  int copy = 0;
  copy = *score;
  printf("%d\n", copy);
  return 0;
}

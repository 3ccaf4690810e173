// expect: null line 7
#include <stdio.h>
#include <stddef.h>
int main(void) {
  int *marks = NULL;
  int i = 2;
  marks[i] = 10;
  printf("%d\n", marks[0]);
  return 0;
}

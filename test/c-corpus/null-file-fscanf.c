// expect: null_file line 6
#include <stdio.h>
int main(void) {
  FILE *in = fopen("marks.txt", "r");
  int mark;
  fscanf(in, "%d", &mark);
  printf("%d\n", mark);
  return 0;
}

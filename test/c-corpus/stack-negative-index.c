// expect: bounds line 7
#include <stdio.h>
int main(void) {
  int marks[5] = {0};
  int i = 0;
  i = i - 1;
  marks[i] = 7;
  printf("%d\n", marks[0]);
  return 0;
}

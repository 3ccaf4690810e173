// expect: wild line 9
#include <stdio.h>
int main(void) {
  int marks[4] = {60, 70, 80, 90};
  int *p = marks;
  long far = 100000000L;
  int total = 0;
  /* A hundred million ints past the array: past all of the program's memory. */
  total += *(p + far);
  printf("%d\n", total);
  return 0;
}

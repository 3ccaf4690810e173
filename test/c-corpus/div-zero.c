// expect: divide_by_zero line 5
#include <stdio.h>
int main(void) {
  int total = 100, students = 0;
  printf("average %d\n", total / students);
  return 0;
}

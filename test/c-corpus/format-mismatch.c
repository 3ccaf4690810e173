// expect: warning line 5
#include <stdio.h>
int main(void) {
  double average = 72.5;
  printf("%d\n", average);
  return 0;
}

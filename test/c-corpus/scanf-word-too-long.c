// expect: stack_overflow_access line 6 scanf
// stdin: Bhagyalakshmi
#include <stdio.h>
int main(void) {
  char name[6];
  if (scanf("%s", name) != 1) return 1;
  printf("Hello %s\n", name);
  return 0;
}

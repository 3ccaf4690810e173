// expect: stack_overflow_access line 6
#include <stdio.h>
int main(void) {
  char label[8];
  int roll = 123456;
  sprintf(label, "Roll-%d", roll);
  printf("%s\n", label);
  return 0;
}

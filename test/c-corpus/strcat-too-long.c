// expect: stack_overflow_access line 7
#include <stdio.h>
#include <string.h>
int main(void) {
  char greeting[12] = "Hello, ";
  char name[] = "Srinivasan";
  strcat(greeting, name);
  printf("%s\n", greeting);
  return 0;
}

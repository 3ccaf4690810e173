// expect: stack_overflow_access line 8
// stdin: Chandrasekhar
#include <stdio.h>
#include <string.h>
int main(void) {
  char input[40], name[8];
  if (scanf("%39s", input) != 1) return 1;
  strcpy(name, input);
  printf("%s\n", name);
  return 0;
}

// expect: stack_overflow_access line 7
#include <stdio.h>
#include <string.h>
int main(void) {
  char letters[4];
  for (int i = 0; i < 4; i++) letters[i] = (char)('a' + i);
  size_t n = strlen(letters);
  printf("%zu\n", n);
  return 0;
}

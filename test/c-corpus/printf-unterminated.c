// expect: stack_overflow_access line 6
#include <stdio.h>
int main(void) {
  char word[3];
  word[0] = 'h'; word[1] = 'i'; word[2] = '!';
  printf("%s\n", word);
  return 0;
}

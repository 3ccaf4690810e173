// expect: stack_overflow_access line 7 strchr
#include <stdio.h>
#include <string.h>
int main(void) {
  char word[5] = {'h', 'e', 'l', 'l', 'o'};
  int count[3] = {0, 0, 0};
  if (strchr(word, 'z') != NULL) count[0]++;
  printf("%d\n", count[0]);
  return 0;
}

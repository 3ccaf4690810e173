// expect: global_overflow line 7
#include <stdio.h>
char word[6] = "hello";
int main(void) {
  char *p = word;
  int n = 0;
  while (p[n] != '!') n++;
  printf("%d\n", n);
  return 0;
}

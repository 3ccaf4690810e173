// expect: null line 5 scanf
// stdin: 7
#include <stdio.h>
int main(void) {
  if (scanf("%d", (int *)0) != 1) return 1;
  printf("ok\n");
  return 0;
}

// expect: warning line 6
// stdin: 21
#include <stdio.h>
int main(void) {
  int age;
  if (scanf("%f", &age) != 1) return 1;
  printf("%d\n", age);
  return 0;
}

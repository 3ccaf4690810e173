// expect: warning line 5
#include <stdio.h>
int *make(void) {
  int value = 5;
  return &value;
}
int main(void) {
  int *p = make();
  printf("%p\n", (void *)p);
  return 0;
}

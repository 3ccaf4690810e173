// expect: stack_overflow line 7
#include <stdio.h>
int walk(int depth) {
  char path[256];
  path[0] = (char)depth;
  path[255] = 0;
  return walk(depth + 1) + path[0];
}
int main(void) {
  printf("%d\n", walk(0));
  return 0;
}

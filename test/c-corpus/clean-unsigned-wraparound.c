// expect: clean
#include <stdio.h>
int main(void) {
  unsigned int hash = 2166136261u;
  const char *s = "wraparound is defined for unsigned";
  for (; *s; s++) hash = (hash ^ (unsigned char)*s) * 16777619u;
  unsigned int zero = 0;
  zero--;
  printf("%u %u\n", hash, zero);
  return 0;
}

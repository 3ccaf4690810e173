// expect: overflow line 6
#include <stdio.h>
int main(void) {
  int fact = 1;
  for (int i = 1; i <= 20; i++)
    fact = fact * i;
  printf("%d\n", fact);
  return 0;
}

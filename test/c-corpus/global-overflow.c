// expect: bounds line 6
#include <stdio.h>
int scores[10];
int main(void) {
  for (int i = 1; i <= 10; i++)
    scores[i] = i;
  printf("%d\n", scores[1]);
  return 0;
}

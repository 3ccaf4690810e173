// expect: uninitialised line 9 highest
// stdin: 3 17 4
#include <stdio.h>
int main(void) {
  int votes[3];
  int highest;
  for (int i = 0; i < 3; i++) if (scanf("%d", &votes[i]) != 1) return 1;
  for (int i = 0; i < 3; i++)
    if (votes[i] > highest) highest = votes[i];
  printf("%d\n", highest);
  return 0;
}

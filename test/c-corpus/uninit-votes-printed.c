// expect: uninitialised line 8 votes
// stdin: 2
#include <stdio.h>
int main(void) {
  int votes[5];
  int n;
  if (scanf("%d", &n) != 1) return 1;
  for (int i = 0; i < n; i++) printf("candidate %d: %d\n", i + 1, votes[i]);
  return 0;
}

// expect: clean
#include <stdio.h>
#define N (256 * 1024)
static int big[N];
int main(void) {
  for (int i = 0; i < N; i++) big[i] = i;
  long long sum = 0;
  for (int i = 0; i < N; i++) sum += big[i];
  printf("%lld\n", sum);
  return 0;
}

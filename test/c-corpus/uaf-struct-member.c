// expect: use_after_free line 11
#include <stdio.h>
#include <stdlib.h>
struct account { int id; double balance; };
int main(void) {
  struct account *acc = malloc(sizeof *acc);
  acc->id = 7;
  acc->balance = 10.0;
  free(acc);
  double b;
  b = acc->balance;
  printf("%.1f\n", b);
  return 0;
}

// expect: stack_overflow line 4
#include <stdio.h>
int sum_digits(int n) {
  return n % 10 + sum_digits(n / 10);
}
int main(void) {
  printf("%d\n", sum_digits(1234));
  return 0;
}

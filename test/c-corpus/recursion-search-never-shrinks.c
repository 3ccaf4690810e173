// expect: stack_overflow line 7
#include <stdio.h>
int search(const int *a, int lo, int hi, int x) {
  if (lo > hi) return -1;
  int mid = (lo + hi) / 2;
  if (a[mid] == x) return mid;
  if (a[mid] < x) return search(a, mid, hi, x);
  return search(a, lo, mid, x);
}
int main(void) {
  int a[] = {1, 3, 5, 7, 9, 11};
  printf("%d\n", search(a, 0, 5, 10));
  return 0;
}

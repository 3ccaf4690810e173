/* Keep an array sorted while numbers arrive: open a gap with memmove, then remove the smallest with memmove. */
#include <stdio.h>
#include <string.h>

#define MAX 16

int insert_sorted(int *a, int n, int value) {
  int at = 0;
  while (at < n && a[at] < value) at++;
  memmove(a + at + 1, a + at, (n - at) * sizeof(int));
  a[at] = value;
  return n + 1;
}

int main(void) {
  int a[MAX];
  int n = 0;
  int x;
  while (n < MAX && scanf("%d", &x) == 1) n = insert_sorted(a, n, x);
  memmove(a, a + 1, (n - 1) * sizeof(int));
  n--;
  for (int i = 0; i < n; i++) printf("%d ", a[i]);
  printf("\n");
  return 0;
}

/* Delete every occurrence of a value from an array, shifting the rest down with memmove. */
#include <stdio.h>
#include <string.h>

int delete_all(int *a, int n, int value) {
  int i = 0;
  while (i < n) {
    if (a[i] == value) {
      memmove(&a[i], &a[i + 1], (n - i - 1) * sizeof(int));
      n--;
    } else {
      i++;
    }
  }
  return n;
}

int main(void) {
  int a[10] = {4, 7, 1, 7, 7, 3, 9, 7, 2, 8};
  int n = delete_all(a, 10, 7);
  for (int i = 0; i < n; i++) printf("%d ", a[i]);
  printf("(%d left)\n", n);
  return 0;
}

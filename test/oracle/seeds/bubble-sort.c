/* Bubble sort of the numbers typed (at most 20), with the number of swaps. */
#include <stdio.h>

void sort(int *a, int n, int *swaps) {
  for (int pass = 0; pass < n - 1; pass++) {
    for (int j = 0; j < n - 1 - pass; j++) {
      if (a[j] > a[j + 1]) {
        int tmp = a[j];
        a[j] = a[j + 1];
        a[j + 1] = tmp;
        (*swaps)++;
      }
    }
  }
}

int main(void) {
  int a[20];
  int n = 0;
  while (n < 20 && scanf("%d", &a[n]) == 1) n++;
  int swaps = 0;
  sort(a, n, &swaps);
  for (int i = 0; i < n; i++) printf("%d ", a[i]);
  printf("\n%d swaps\n", swaps);
  return 0;
}

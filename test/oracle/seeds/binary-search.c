/* Recursive binary search in a sorted array, for each number typed. */
#include <stdio.h>

int search(const int *a, int low, int high, int wanted) {
  if (low > high) return -1;
  int mid = low + (high - low) / 2;
  if (a[mid] == wanted) return mid;
  if (a[mid] < wanted) return search(a, mid + 1, high, wanted);
  return search(a, low, mid - 1, wanted);
}

int main(void) {
  int sorted[12] = {2, 5, 8, 12, 16, 23, 38, 56, 72, 91, 99, 105};
  int wanted;
  while (scanf("%d", &wanted) == 1) {
    int at = search(sorted, 0, 11, wanted);
    if (at < 0) printf("%d not found\n", wanted);
    else printf("%d at index %d\n", wanted, at);
  }
  return 0;
}

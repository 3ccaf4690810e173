/* Read numbers until the input ends into an array that grows with realloc; print them sorted by insertion. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int capacity = 2;
  int count = 0;
  int *numbers = malloc(capacity * sizeof(*numbers));
  if (numbers == NULL) return 1;
  int x;
  while (scanf("%d", &x) == 1) {
    if (count == capacity) {
      capacity = capacity * 2;
      int *bigger = realloc(numbers, capacity * sizeof(*numbers));
      if (bigger == NULL) {
        free(numbers);
        return 1;
      }
      numbers = bigger;
    }
    int j = count;
    while (j > 0 && numbers[j - 1] > x) {
      numbers[j] = numbers[j - 1];
      j--;
    }
    numbers[j] = x;
    count++;
  }
  for (int i = 0; i < count; i++) {
    printf("%d ", numbers[i]);
  }
  printf("\n");
  free(numbers);
  return 0;
}

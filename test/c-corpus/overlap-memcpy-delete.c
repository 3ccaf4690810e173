// expect: overlap line 10 memcpy
#include <stdio.h>
#include <string.h>
int main(void) {
  int marks[6] = {40, 55, 61, 72, 80, 93};
  int n = 6;
  int remove = 1;
  /* Deleting marks[remove]: the later marks move one place left. The ranges overlap, so this needs memmove. */
  if (remove < n - 1)
    memcpy(&marks[remove], &marks[remove + 1], (size_t)(n - remove - 1) * sizeof marks[0]);
  n--;
  for (int i = 0; i < n; i++) printf("%d ", marks[i]);
  printf("\n");
  return 0;
}

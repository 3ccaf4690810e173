// expect: heap_overflow line 10 memcmp
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  char *name = malloc(4);
  if (name == NULL) return 1;
  memcpy(name, "Ann", 4);
  /* Compares 8 bytes of a 4-byte block. */
  if (memcmp(name, "Annabell", 8) == 0) printf("same\n");
  free(name);
  return 0;
}

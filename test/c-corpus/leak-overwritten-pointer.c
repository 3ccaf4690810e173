// expect: leak line 5
#include <stdlib.h>
int main(void) {
  char *buffer;
  buffer = malloc(64);
  buffer = malloc(128);
  buffer[0] = 'x';
  free(buffer);
  return 0;
}

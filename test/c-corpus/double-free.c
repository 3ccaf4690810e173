// expect: double_free line 8
#include <stdlib.h>
#include <string.h>
int main(void) {
  char *name = malloc(10);
  strcpy(name, "Ravi");
  free(name);
  free(name);
  return 0;
}

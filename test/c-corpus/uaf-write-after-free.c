// expect: use_after_free line 9
#include <stdlib.h>
#include <string.h>
int main(void) {
  char *name = malloc(16);
  strcpy(name, "Asha");
  free(name);
  int i = 0;
  name[i] = 'a';
  return 0;
}

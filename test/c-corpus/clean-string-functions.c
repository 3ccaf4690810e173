// expect: clean
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
int main(void) {
  char line[32];
  snprintf(line, sizeof line, "%s-%d", "batch", 7);
  char *copy = strdup(line);
  int same = strcmp(line, copy) == 0;
  char part[4];
  strncpy(part, line, 3);
  part[3] = '\0';
  printf("%s %d %s %zu\n", copy, same, part, strlen(line));
  free(copy);
  return 0;
}

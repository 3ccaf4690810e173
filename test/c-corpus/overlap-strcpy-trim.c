// expect: overlap line 7 strcpy
#include <stdio.h>
#include <string.h>
int main(void) {
  char line[32] = "   hello";
  /* Trimming the leading spaces in place: source and destination overlap. */
  while (line[0] == ' ') strcpy(line, line + 1);
  printf("[%s]\n", line);
  return 0;
}

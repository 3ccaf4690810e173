/* Trim spaces from both ends of each line typed, in place. */
#include <stdio.h>
#include <string.h>
#include <ctype.h>

void trim(char *s) {
  size_t len = strlen(s);
  while (len > 0 && isspace((unsigned char)s[len - 1])) {
    len--;
  }
  s[len] = '\0';
  size_t start = 0;
  while (s[start] != '\0' && isspace((unsigned char)s[start])) {
    start++;
  }
  memmove(s, s + start, len - start + 1);
}

int main(void) {
  char line[80];
  while (fgets(line, sizeof line, stdin) != NULL) {
    trim(line);
    printf("[%s]\n", line);
  }
  return 0;
}

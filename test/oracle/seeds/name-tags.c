/* Make a name tag for each name typed: an upper-case copy and a greeting, both in memory from malloc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

char *upper_copy(const char *s) {
  char *up = malloc(strlen(s) + 1);
  for (size_t i = 0; i <= strlen(s); i++) up[i] = (char)toupper((unsigned char)s[i]);
  return up;
}

char *greeting(const char *name) {
  const char *hello = "Welcome, ";
  char *text = malloc(strlen(hello) + strlen(name) + 1);
  strcpy(text, hello);
  strcat(text, name);
  return text;
}

int main(void) {
  char name[24];
  while (scanf("%23s", name) == 1) {
    char *tag = upper_copy(name);
    char *line = greeting(tag);
    printf("%s (%zu)\n", line, strlen(line));
    free(line);
    free(tag);
  }
  return 0;
}

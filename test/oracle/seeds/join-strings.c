/* Join a first and a last name into a new string from malloc, then make initials. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *join(const char *first, const char *last) {
  char *full = malloc(strlen(first) + strlen(last) + 2);
  strcpy(full, first);
  strcat(full, " ");
  strcat(full, last);
  return full;
}

char *initials(const char *first, const char *last) {
  char *result = malloc(5);
  result[0] = first[0];
  result[1] = '.';
  result[2] = last[0];
  result[3] = '.';
  result[4] = '\0';
  return result;
}

int main(void) {
  char first[20];
  char last[20];
  while (scanf("%19s %19s", first, last) == 2) {
    char *full = join(first, last);
    char *short_form = initials(first, last);
    printf("%s (%s), %zu characters\n", full, short_form, strlen(full));
    free(short_form);
    free(full);
  }
  return 0;
}

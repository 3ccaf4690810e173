/* Keep a copy of each name read, in memory from malloc, then print them in reverse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *copy_of(const char *s) {
  char *copy = malloc(strlen(s) + 1);
  if (copy == NULL) return NULL;
  strcpy(copy, s);
  return copy;
}

int main(void) {
  char word[32];
  char *names[8];
  int count = 0;
  while (count < 8 && scanf("%31s", word) == 1) {
    names[count] = copy_of(word);
    count++;
  }
  for (int i = count - 1; i >= 0; i--) {
    printf("%s\n", names[i]);
  }
  for (int i = 0; i < count; i++) {
    free(names[i]);
  }
  return 0;
}

/* Reverse each word into a second array and say whether it is a palindrome. */
#include <stdio.h>
#include <string.h>

void reverse_into(char *dest, const char *src) {
  int n = strlen(src);
  for (int i = 0; i < n; i++) {
    dest[i] = src[n - 1 - i];
  }
  dest[n] = '\0';
}

int main(void) {
  char word[21];
  char backwards[21];
  while (scanf("%20s", word) == 1) {
    reverse_into(backwards, word);
    printf("%s -> %s%s\n", word, backwards, strcmp(word, backwards) == 0 ? " (palindrome)" : "");
  }
  return 0;
}

/* Count the words in each line typed, and the longest word. */
#include <stdio.h>
#include <string.h>
#include <ctype.h>

int main(void) {
  char line[100];
  char longest[32] = "";
  int words = 0;
  while (fgets(line, sizeof line, stdin) != NULL) {
    int i = 0;
    while (line[i] != '\0') {
      while (line[i] != '\0' && isspace((unsigned char)line[i])) i++;
      if (line[i] == '\0') break;
      char word[32];
      int len = 0;
      while (line[i] != '\0' && !isspace((unsigned char)line[i])) {
        if (len < 31) word[len++] = line[i];
        i++;
      }
      word[len] = '\0';
      words++;
      if (strlen(word) > strlen(longest)) strcpy(longest, word);
    }
  }
  printf("%d words, longest \"%s\"\n", words, longest);
  return 0;
}

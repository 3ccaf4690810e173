/* Copy the lines typed into a file, then read it back with fgets and count lines and characters. */
#include <stdio.h>
#include <string.h>

int main(void) {
  char line[64];
  FILE *notes = fopen("notes.txt", "w");
  if (notes == NULL) return 1;
  while (fgets(line, sizeof line, stdin) != NULL) {
    fputs(line, notes);
  }
  fclose(notes);

  FILE *again = fopen("notes.txt", "r");
  if (again == NULL) return 1;
  int lines = 0;
  size_t chars = 0;
  while (fgets(line, sizeof line, again) != NULL) {
    lines++;
    chars += strlen(line);
    line[strcspn(line, "\n")] = '\0';
    printf("%d: %s\n", lines, line);
  }
  fclose(again);
  printf("%d lines, %zu characters\n", lines, chars);
  return 0;
}

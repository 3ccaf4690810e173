/* The string functions a first course uses: strlen, strcpy, strcat, strchr, strcmp. */
#include <stdio.h>
#include <string.h>

int main(void) {
  char first[6] = "Priya";
  char last[7] = "Sharma";
  char full[13];
  strcpy(full, first);
  strcat(full, " ");
  strcat(full, last);
  printf("%s (%zu letters)\n", full, strlen(full));
  char *space = strchr(full, ' ');
  if (space != NULL) printf("surname starts at %d\n", (int)(space - full) + 1);
  char copy[13];
  strcpy(copy, full);
  printf("same: %d\n", strcmp(copy, full) == 0);
  if (strcmp(first, last) < 0) printf("%s comes first\n", first);
  else printf("%s comes first\n", last);
  return 0;
}

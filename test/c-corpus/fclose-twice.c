// expect: file_closed line 9 fclose
#include <stdio.h>
int main(void) {
  FILE *f = fopen("notes.txt", "w");
  if (f == NULL) return 1;
  fputs("remember the milk\n", f);
  fclose(f);
  printf("saved\n");
  fclose(f);
  return 0;
}

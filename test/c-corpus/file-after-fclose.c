// expect: file_closed line 9 fprintf
#include <stdio.h>
int main(void) {
  FILE *f = fopen("squares.txt", "w");
  if (f == NULL) return 1;
  for (int i = 1; i <= 3; i++) {
    /* The file is closed inside the loop: the next round writes to a closed file. */
    if (i == 2) fclose(f);
    fprintf(f, "%d\n", i * i);
  }
  return 0;
}

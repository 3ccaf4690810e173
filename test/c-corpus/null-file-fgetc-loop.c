// expect: null_file line 6
#include <stdio.h>
int main(void) {
  FILE *in = fopen("data.txt", "r");
  int c, count = 0;
  while ((c = fgetc(in)) != EOF) count++;
  printf("%d characters\n", count);
  fclose(in);
  return 0;
}

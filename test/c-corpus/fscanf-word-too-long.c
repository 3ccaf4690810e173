// expect: stack_overflow_access line 12 fscanf
#include <stdio.h>
int main(void) {
  FILE *out = fopen("words.txt", "w");
  if (out == NULL) return 1;
  fputs("extraordinary words\n", out);
  fclose(out);
  FILE *in = fopen("words.txt", "r");
  if (in == NULL) return 1;
  char word[8];
  int count = 0;
  while (fscanf(in, "%s", word) == 1) count++;
  fclose(in);
  printf("%d\n", count);
  return 0;
}

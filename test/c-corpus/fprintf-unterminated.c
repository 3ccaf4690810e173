// expect: stack_overflow_access line 9 fprintf
#include <stdio.h>
int main(void) {
  char code[4] = {'A', 'B', 'C', 'D'};
  int spare[4] = {1, 2, 3, 4};
  FILE *f = fopen("codes.txt", "w");
  if (f == NULL) return 1;
  /* No room was left for the closing '\0': %s reads past the array. */
  fprintf(f, "%s\n", code);
  fclose(f);
  printf("%d\n", spare[0]);
  return 0;
}

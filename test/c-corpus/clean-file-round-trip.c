// expect: clean
#include <stdio.h>
int main(void) {
  FILE *out = fopen("squares.txt", "w");
  if (out == NULL) return 1;
  for (int i = 1; i <= 5; i++) fprintf(out, "%d %d\n", i, i * i);
  fclose(out);
  FILE *in = fopen("squares.txt", "r");
  if (in == NULL) return 1;
  int n, square, total = 0;
  while (fscanf(in, "%d %d", &n, &square) == 2) total += square;
  fclose(in);
  printf("%d\n", total);
  return 0;
}

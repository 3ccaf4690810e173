/* Write students' scores to a file with fprintf, read them back with fscanf, print the total. */
#include <stdio.h>

int main(void) {
  FILE *out = fopen("scores.txt", "w");
  if (out == NULL) {
    printf("cannot write\n");
    return 1;
  }
  int scores[5] = {71, 64, 88, 92, 57};
  for (int i = 0; i < 5; i++) {
    fprintf(out, "student%d %d\n", i + 1, scores[i]);
  }
  fclose(out);

  FILE *in = fopen("scores.txt", "r");
  if (in == NULL) {
    printf("cannot read\n");
    return 1;
  }
  char name[16];
  int score;
  int total = 0;
  while (fscanf(in, "%15s %d", name, &score) == 2) {
    total += score;
    printf("%s: %d\n", name, score);
  }
  fclose(in);
  printf("total %d\n", total);
  return 0;
}

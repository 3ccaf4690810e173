/* Records of students in memory from malloc: read them, find the best average, print a report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct record {
  char name[20];
  double marks[3];
  double average;
};

struct record *read_records(int n) {
  struct record *all = malloc(n * sizeof *all);
  for (int i = 0; i < n; i++) {
    scanf("%19s %lf %lf %lf", all[i].name, &all[i].marks[0], &all[i].marks[1], &all[i].marks[2]);
    double sum = 0.0;
    for (int k = 0; k < 3; k++) sum += all[i].marks[k];
    all[i].average = sum / 3;
  }
  return all;
}

int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n < 1) return 1;
  struct record *all = read_records(n);
  int best = 0;
  for (int i = 1; i < n; i++) {
    if (all[i].average > all[best].average) best = i;
  }
  for (int i = 0; i < n; i++) printf("%-10s %6.2f\n", all[i].name, all[i].average);
  printf("best: %s\n", all[best].name);
  free(all);
  return 0;
}

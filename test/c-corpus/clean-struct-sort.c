// expect: clean
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct student { char name[12]; int marks; };
static int by_marks(const void *a, const void *b) {
  const struct student *x = a, *y = b;
  return (x->marks > y->marks) - (x->marks < y->marks);
}
int main(void) {
  struct student s[3] = {{"Ravi", 70}, {"Asha", 90}, {"Meena", 80}};
  qsort(s, 3, sizeof s[0], by_marks);
  char best[12];
  strncpy(best, s[2].name, sizeof best - 1);
  best[sizeof best - 1] = '\0';
  printf("%s %d\n", best, s[0].marks);
  return 0;
}

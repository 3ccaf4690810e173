// expect: clean
// stdin: Asha 21 7.5
#include <stdio.h>
int main(void) {
  char name[5];
  int age;
  float score;
  if (scanf("%4s %d %f", name, &age, &score) != 3) return 1;
  printf("%s %d %.1f\n", name, age, score);
  return 0;
}

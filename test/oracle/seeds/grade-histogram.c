/* Turn marks into grades A-F and print a histogram of the grades. */
#include <stdio.h>

char grade_of(int mark) {
  if (mark >= 90) return 'A';
  if (mark >= 80) return 'B';
  if (mark >= 70) return 'C';
  if (mark >= 60) return 'D';
  return 'F';
}

int main(void) {
  int marks[12] = {95, 82, 67, 74, 58, 91, 88, 43, 79, 60, 99, 71};
  int counts[5] = {0, 0, 0, 0, 0};
  const char letters[6] = "ABCDF";
  for (int i = 0; i < 12; i++) {
    char g = grade_of(marks[i]);
    for (int k = 0; k < 5; k++) {
      if (letters[k] == g) counts[k]++;
    }
  }
  for (int k = 0; k < 5; k++) {
    printf("%c: ", letters[k]);
    for (int s = 0; s < counts[k]; s++) printf("*");
    printf(" (%d)\n", counts[k]);
  }
  return 0;
}

/* 2-D arrays: read a 3x4 matrix, print its transpose and the sum of each row. */
#include <stdio.h>

#define ROWS 3
#define COLS 4

int main(void) {
  int m[ROWS][COLS];
  int t[COLS][ROWS];
  for (int r = 0; r < ROWS; r++) {
    for (int c = 0; c < COLS; c++) {
      scanf("%d", &m[r][c]);
    }
  }
  for (int r = 0; r < ROWS; r++) {
    for (int c = 0; c < COLS; c++) {
      t[c][r] = m[r][c];
    }
  }
  for (int c = 0; c < COLS; c++) {
    for (int r = 0; r < ROWS; r++) printf("%4d", t[c][r]);
    printf("\n");
  }
  for (int r = 0; r < ROWS; r++) {
    int sum = 0;
    for (int c = 0; c < COLS; c++) sum += m[r][c];
    printf("row %d: %d\n", r, sum);
  }
  return 0;
}

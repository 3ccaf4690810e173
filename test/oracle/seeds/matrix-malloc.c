/* A matrix of any size from malloc, one row at a time: fill it, print the diagonal sum, free every row. */
#include <stdio.h>
#include <stdlib.h>

int **make_matrix(int rows, int cols) {
  int **m = malloc(rows * sizeof(int *));
  for (int r = 0; r < rows; r++) {
    m[r] = malloc(cols * sizeof(int));
  }
  return m;
}

void free_matrix(int **m, int rows) {
  for (int r = 0; r < rows; r++) {
    free(m[r]);
  }
  free(m);
}

int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n < 1 || n > 20) return 1;
  int **m = make_matrix(n, n);
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++) {
      m[r][c] = (r + 1) * (c + 2);
    }
  }
  int trace = 0;
  for (int i = 0; i < n; i++) trace += m[i][i];
  printf("trace of %dx%d: %d\n", n, n, trace);
  free_matrix(m, n);
  return 0;
}

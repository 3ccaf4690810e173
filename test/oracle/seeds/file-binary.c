/* Save an array of readings with fwrite, load it back with fread and check both agree. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 6;
  int *readings = malloc(n * sizeof(int));
  if (readings == NULL) return 1;
  for (int i = 0; i < n; i++) readings[i] = (i + 1) * (i + 1) * 3;

  FILE *f = fopen("readings.bin", "wb");
  if (f == NULL) return 1;
  size_t written = fwrite(readings, sizeof(int), n, f);
  fclose(f);

  int *loaded = malloc(n * sizeof(int));
  if (loaded == NULL) return 1;
  FILE *g = fopen("readings.bin", "rb");
  if (g == NULL) return 1;
  size_t got = fread(loaded, sizeof(int), n, g);
  fclose(g);

  int same = 1;
  for (int i = 0; i < n; i++) {
    if (loaded[i] != readings[i]) same = 0;
  }
  printf("wrote %zu, read %zu, same %d, last %d\n", written, got, same, loaded[n - 1]);
  free(loaded);
  free(readings);
  return 0;
}

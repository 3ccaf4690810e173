// expect: stack_overflow_access line 12 fread
#include <stdio.h>
int main(void) {
  FILE *out = fopen("data.bin", "wb");
  if (out == NULL) return 1;
  for (int i = 0; i < 30; i++) fputc('a' + i % 26, out);
  fclose(out);
  FILE *in = fopen("data.bin", "rb");
  if (in == NULL) return 1;
  char buffer[8];
  /* Asks for 30 bytes into room for 8. */
  size_t got = fread(buffer, 1, 30, in);
  fclose(in);
  printf("%zu\n", got);
  return 0;
}

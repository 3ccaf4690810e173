// expect: file_open line 4
#include <stdio.h>
int main(void) {
  FILE *f = fopen("log.txt", "w");
  if (f == NULL) return 1;
  fprintf(f, "started\n");
  printf("done\n");
  return 0;
}

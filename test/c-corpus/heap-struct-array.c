// expect: heap_overflow line 10
#include <stdlib.h>
struct student { int roll; float marks; };
int main(void) {
  int count = 3;
  struct student *s = malloc(count * sizeof *s);
  for (int i = 0; i < count; i++) s[i].roll = i;
  int last = count;
  s[0].marks = 1.0f;
  s[last].marks = 2.0f;
  free(s);
  return 0;
}

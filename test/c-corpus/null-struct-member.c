// expect: null line 12
#include <stdio.h>
#include <stddef.h>
struct student { int roll; int marks; };
struct student *find(struct student *all, int n, int roll) {
  for (int i = 0; i < n; i++) if (all[i].roll == roll) return &all[i];
  return NULL;
}
int main(void) {
  struct student all[2] = {{1, 50}, {2, 60}};
  struct student *s = find(all, 2, 3);
  printf("marks %d\n", s->marks);
  return 0;
}

/* An array of students sorted with qsort: by marks, highest first, then by name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct student {
  char name[16];
  int marks;
};

int by_marks_then_name(const void *a, const void *b) {
  const struct student *x = a;
  const struct student *y = b;
  if (x->marks != y->marks) return y->marks - x->marks;
  return strcmp(x->name, y->name);
}

int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n < 1) return 1;
  struct student *class = malloc(n * sizeof(*class));
  if (class == NULL) return 1;
  for (int i = 0; i < n; i++) {
    scanf("%15s %d", class[i].name, &class[i].marks);
  }
  qsort(class, n, sizeof(struct student), by_marks_then_name);
  for (int i = 0; i < n; i++) {
    printf("%d. %s %d\n", i + 1, class[i].name, class[i].marks);
  }
  free(class);
  return 0;
}

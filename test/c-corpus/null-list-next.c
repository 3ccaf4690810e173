// expect: null line 9
#include <stdio.h>
#include <stddef.h>
struct node { int v; struct node *next; };
int main(void) {
  struct node last = {3, NULL};
  struct node *p = &last;
  p = p->next;
  printf("%d\n", p->v);
  return 0;
}

// expect: use_after_free line 12
#include <stdlib.h>
struct node { int value; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->value = i;
    n->next = head;
    head = n;
  }
  for (struct node *p = head; p != NULL; p = p->next)
    free(p);
  return 0;
}

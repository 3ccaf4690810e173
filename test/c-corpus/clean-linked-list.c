// expect: clean
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof *n);
    n->v = i;
    n->next = head;
    head = n;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->v;
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  printf("%d\n", sum);
  return 0;
}

// expect: leak line 6
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
struct node *push(struct node *head, int v) {
  struct node *n = malloc(sizeof *n);
  n->v = v;
  n->next = head;
  return n;
}
int main(void) {
  struct node *list = NULL;
  for (int i = 0; i < 4; i++) list = push(list, i);
  printf("%d\n", list->v);
  return 0;
}

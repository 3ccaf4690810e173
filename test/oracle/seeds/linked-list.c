/* A singly linked list: add at the end, print, find, then free every node. */
#include <stdio.h>
#include <stdlib.h>

struct node {
  int value;
  struct node *next;
};

struct node *append(struct node *head, int value) {
  struct node *fresh = malloc(sizeof(*fresh));
  fresh->value = value;
  fresh->next = NULL;
  if (head == NULL) return fresh;
  struct node *p = head;
  while (p->next != NULL) p = p->next;
  p->next = fresh;
  return head;
}

int contains(struct node *head, int value) {
  for (struct node *p = head; p != NULL; p = p->next) {
    if (p->value == value) return 1;
  }
  return 0;
}

int main(void) {
  struct node *list = NULL;
  int x;
  while (scanf("%d", &x) == 1) list = append(list, x);
  for (struct node *p = list; p != NULL; p = p->next) printf("%d -> ", p->value);
  printf("NULL\n");
  printf("has 7: %d, has 8: %d\n", contains(list, 7), contains(list, 8));
  struct node *p = list;
  while (p != NULL) {
    struct node *next = p->next;
    free(p);
    p = next;
  }
  return 0;
}

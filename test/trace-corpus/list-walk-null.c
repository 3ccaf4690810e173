#include <stdio.h>
#include <stdlib.h>
struct node { int value; struct node *next; };
int main(void) {
    struct node *head = NULL, *p;
    for (int k = 1; k <= 3; k++) {
        struct node *n = malloc(sizeof *n);
        n->value = k * k;
        n->next = head;
        head = n;
    }
    int sum = 0;
    for (p = head; p != NULL; p = p->next)
        sum += p->value;
    printf("%d\n", sum);
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}

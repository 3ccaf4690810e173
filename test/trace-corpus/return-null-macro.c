#include <stdio.h>
#include <stdlib.h>
int *find(int *a, int n, int x) {
    if (n == 0) return NULL;
    for (int i = 0; i < n; i++)
        if (a[i] == x) return &a[i];
    return NULL;
}
int main(void) {
    int a[] = {-2, -1, 7, 3};
    int *p = find(a, 4, 7);
    printf("%d\n", p ? *p : 0);
    return 0;
}

#include <stdio.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define SWAP(x, y) do { int t_ = (x); (x) = (y); (y) = t_; } while (0)
#define SQUARE(x) ((x) * (x))
int main(void) {
    int a = 3, b = 9, best = 0, squares = 0;
    for (int i = 0; i < 5; i++)
        best = MAX(best, i * 2);
    if (a < b)
        SWAP(a, b);
    else
        puts("never");
    for (int i = 1; i <= 3; i++) squares += SQUARE(i);
    printf("%d %d %d %d\n", best, a, b, squares);
    return 0;
}

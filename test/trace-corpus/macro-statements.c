#include <stdio.h>
#define BOTH a++; b++
#define GIVE_UP return 3;
#define CHECK(x) if (!(x)) { puts("bad: " #x); }
static int f(int x) {
    if (x < 0) GIVE_UP
    return x;
}
int main(void) {
    int a = 0, b = 0;
    if (a > 5) BOTH;
    CHECK(a == 0)
    for (int i = 0; i < 2; i++)
        CHECK(i == 1)
    printf("%d %d %d %d\n", a, b, f(-1), f(4));
    return 0;
}

#include <stdio.h>
int main(void) {
    int total = 0;
    for (int i = 0; i < 3; i++)
        total += i;
    for (int i = 10; i < 12; i++) {
        int twice = 2 * i;
        total += twice;
    }
    {
        int inner = total;
        total = inner + 1;
    }
    printf("%d\n", total);
    return 0;
}

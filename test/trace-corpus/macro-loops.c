#include <stdio.h>
#define N 3
#define FOR_EACH(i, n) for (i = 0; i < (n); i++)
#define FOREVER for (;;)
#define MORE (left > 0)
int main(void) {
    int i, sum = 0, left = 4, rounds = 0;
    FOR_EACH(i, N) {
        int doubled = i * 2;
        sum += doubled;
    }
    FOREVER {
        if (++rounds == 3) break;
    }
    while (MORE)
        left--;
    do left += 2; while (left < N * 2);
    printf("%d %d %d\n", sum, rounds, left);
    return 0;
}

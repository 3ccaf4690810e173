#include <stdio.h>
#define N 4
#define STEP 10
int main(void) {
    int total = 0, i, last = -1;
    for (i = 0; i < N; i++)
        total += 3;
    while (last < 60)
        last += STEP;
    printf("%d %d\n", total, last);
    return 0;
}

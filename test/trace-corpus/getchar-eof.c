// stdin: ab c\nd\n
#include <stdio.h>
int main(void) {
    int c, letters = 0, lines = 0;
    while ((c = getchar()) != EOF)
        if (c == '\n') lines++;
        else if (c != ' ') letters++;
    printf("%d %d\n", letters, lines);
    return 0;
}

/* Count votes for candidates 1 to 5 (0 ends the input) and name the winner. */
#include <stdio.h>

int main(void) {
  int votes[6] = {0};
  int invalid = 0;
  int vote;
  while (scanf("%d", &vote) == 1 && vote != 0) {
    if (vote >= 1 && vote <= 5) votes[vote]++;
    else invalid++;
  }
  int winner = 1;
  for (int c = 1; c < 6; c++) {
    printf("candidate %d: %d\n", c, votes[c]);
    if (votes[c] > votes[winner]) winner = c;
  }
  printf("winner %d, invalid %d\n", winner, invalid);
  return 0;
}

/* A queue in a circular buffer: people join and are served; print who is served and who waits. */
#include <stdio.h>

#define CAPACITY 5

int queue[CAPACITY];
int head = 0;
int count = 0;

int join(int person) {
  if (count == CAPACITY) return 0;
  queue[(head + count) % CAPACITY] = person;
  count++;
  return 1;
}

int serve(void) {
  int person = queue[head];
  head = (head + 1) % CAPACITY;
  count--;
  return person;
}

int main(void) {
  for (int p = 101; p <= 104; p++) join(p);
  printf("served %d\n", serve());
  printf("served %d\n", serve());
  for (int p = 105; p <= 108; p++) {
    if (!join(p)) printf("%d must wait\n", p);
  }
  while (count > 0) printf("served %d\n", serve());
  return 0;
}

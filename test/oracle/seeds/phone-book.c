/* A phone book in a file: save entries, then look names up by reading the file back. */
#include <stdio.h>
#include <string.h>

struct entry {
  char name[12];
  char phone[11];
};

int main(void) {
  struct entry book[3] = {{"Kavya", "9876543210"}, {"Rahul", "9123456780"}, {"Sneha", "9988776655"}};
  FILE *f = fopen("book.txt", "w");
  if (f == NULL) return 1;
  for (int i = 0; i < 3; i++) {
    fprintf(f, "%s %s\n", book[i].name, book[i].phone);
  }
  fclose(f);

  char wanted[12];
  while (scanf("%11s", wanted) == 1) {
    FILE *in = fopen("book.txt", "r");
    if (in == NULL) return 1;
    struct entry e;
    int found = 0;
    while (fscanf(in, "%11s %10s", e.name, e.phone) == 2) {
      if (strcmp(e.name, wanted) == 0) {
        printf("%s: %s\n", e.name, e.phone);
        found = 1;
      }
    }
    fclose(in);
    if (!found) printf("%s: not in the book\n", wanted);
  }
  return 0;
}

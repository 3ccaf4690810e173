// expect: clean
#include <stdio.h>
#include <string.h>
int main(void) {
  char name[5];
  strcpy(name, "Ravi");
  char full[9] = "Hi ";
  strcat(full, "Ravi");
  char copy[5];
  memcpy(copy, name, sizeof copy);
  char label[8];
  sprintf(label, "N-%04d", 42);
  printf("%s %s %zu %s %s\n", name, full, strlen(copy), copy, label);
  return 0;
}

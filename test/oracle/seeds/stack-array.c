/* A stack in an array: check that brackets are balanced in each line typed. */
#include <stdio.h>
#include <string.h>

#define SIZE 32

char stack[SIZE];
int top = 0;

void push(char c) {
  if (top < SIZE) stack[top++] = c;
}

char pop(void) {
  if (top == 0) return '\0';
  return stack[--top];
}

int balanced(const char *s) {
  top = 0;
  for (size_t i = 0; i < strlen(s); i++) {
    char c = s[i];
    if (c == '(' || c == '[' || c == '{') push(c);
    else if (c == ')' && pop() != '(') return 0;
    else if (c == ']' && pop() != '[') return 0;
    else if (c == '}' && pop() != '{') return 0;
  }
  return top == 0;
}

int main(void) {
  char line[64];
  while (scanf("%63s", line) == 1) {
    printf("%s: %s\n", line, balanced(line) ? "balanced" : "not balanced");
  }
  return 0;
}

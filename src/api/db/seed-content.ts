/** Sample course content a fresh site starts with; the admin edits or deletes it from the dashboard. */

export const sampleSessions: { topics: string; lesson_video: string | null }[] = [
  {
    topics: 'Introduction to programming: algorithms, flowcharts, compilers and your first C program',
    lesson_video: null,
  },
  { topics: 'Features of C, structure of a C program, compiling and running', lesson_video: null },
  { topics: 'Fundamentals: data types, variables, constants, operators and expressions', lesson_video: null },
  { topics: 'Control flow: if, else, switch and the conditional operator', lesson_video: null },
  { topics: 'Loops: while, do-while, for, break and continue', lesson_video: null },
  { topics: 'Arrays: one and two dimensional arrays, strings', lesson_video: null },
  { topics: 'Pointers: addresses, pointer arithmetic, pointers and arrays', lesson_video: null },
  { topics: 'Functions: parameters, return values, recursion, call by reference', lesson_video: null },
  { topics: 'Storage classes: auto, register, static and extern', lesson_video: null },
  { topics: 'Structures and unions, arrays of structures', lesson_video: null },
  { topics: 'File handling: fopen, fprintf, fscanf, fread, fwrite and fclose', lesson_video: null },
];

export const samplePrograms: string[] = [
  'Write a program that reads two integers and prints their sum, difference, product and quotient.',
  'Write a program that reads an integer and prints whether it is even or odd, and whether it is prime.',
  'Write a program that prints the first N numbers of the Fibonacci series, where N is read from the user.',
  'Write a program that reads 10 integers into an array and prints the largest, the smallest and the average.',
  'Write a function that reverses a string in place using pointers, and a main that tests it.',
  'File handling: marks.txt has a name and a mark on each line. Write report.txt with each name followed by pass (a mark of 40 or more) or fail, and print how many passed, e.g. "2 passed".',
];

/** The file-handling program's starter code and test cases: it reads marks.txt and must leave report.txt. */
export const sampleFileExercise = {
  programNumber: 6,
  starterCode:
    '#include <stdio.h>\n\nint main(void) {\n  FILE *in = fopen("marks.txt", "r");\n  if (in == NULL) {\n    printf("Cannot open marks.txt\\n");\n    return 1;\n  }\n  /* Read each name and mark, write report.txt, print how many passed. */\n  fclose(in);\n  return 0;\n}\n',
  tests: [
    {
      files: [{ name: 'marks.txt', content: 'asha 72\nravi 35\nmeena 40\n' }],
      expected_output: '2 passed\n',
      expected_files: [{ name: 'report.txt', content: 'asha pass\nravi fail\nmeena pass\n' }],
      visible: true,
      points: 5,
    },
    {
      files: [{ name: 'marks.txt', content: 'kiran 39\nzoya 100\nabel 0\nnoor 41\n' }],
      expected_output: '2 passed\n',
      expected_files: [{ name: 'report.txt', content: 'kiran fail\nzoya pass\nabel fail\nnoor pass\n' }],
      visible: false,
      points: 5,
    },
  ],
  /** Graded by hand, besides the tests: what a teacher reads in a file-handling program. */
  rubric: [
    { title: 'Checks that each fopen succeeded before using the file', points: 4 },
    { title: 'Closes every file it opened', points: 3 },
    { title: 'Clear names and layout', points: 3 },
  ],
};

export const sampleQuizQuestions: {
  question: string;
  options: [string, string, string, string];
  answer: number;
  topic: string;
  explanation: string;
}[] = [
  {
    question: 'Which function is the entry point of every C program?',
    options: ['start()', 'main()', 'init()', 'program()'],
    answer: 1,
    topic: 'Basics',
    explanation:
      "Execution of a hosted C program starts at `main()`. The startup code calls it, and the value it returns (`return 0;`) becomes the program's exit status.",
  },
  {
    question: 'Which format specifier prints an int with printf?',
    options: ['%f', '%c', '%d', '%s'],
    answer: 2,
    topic: 'Input and output',
    explanation:
      '`%d` prints a signed int in decimal. `%f` is for double, `%c` for a single character and `%s` for a string (a `char *`). A wrong specifier is undefined behaviour, e.g. `printf("%f", 5)`.',
  },
  {
    question: 'What is the size of char in C?',
    options: ['1 byte', '2 bytes', '4 bytes', 'It depends on the compiler only'],
    answer: 0,
    topic: 'Data types',
    explanation:
      'The C standard defines `sizeof(char)` as 1: a char is exactly one byte. Every other size is measured in chars.',
  },
  {
    question: 'Which operator gives the address of a variable?',
    options: ['*', '&', '->', '#'],
    answer: 1,
    topic: 'Pointers',
    explanation:
      '`&x` is the address of `x`, which a pointer can hold: `int *p = &x;`. The `*` operator goes the other way and reads the value a pointer points to.',
  },
  {
    question: 'What does the loop `for (i = 0; i < 5; i++)` execute?',
    options: ['4 times', '5 times', '6 times', 'Forever'],
    answer: 1,
    topic: 'Loops',
    explanation:
      '`i` takes the values 0, 1, 2, 3 and 4; the condition `i < 5` is false when `i` reaches 5, so the body runs 5 times.',
  },
  {
    question: 'Which header declares printf and scanf?',
    options: ['<stdlib.h>', '<string.h>', '<stdio.h>', '<math.h>'],
    answer: 2,
    topic: 'Input and output',
    explanation:
      'Standard input and output functions (`printf`, `scanf`, `fopen` …) are declared in `<stdio.h>`. `<stdlib.h>` has `malloc` and `exit`, `<string.h>` has `strlen`.',
  },
  {
    question: 'What is the index of the first element of an array in C?',
    options: ['0', '1', '-1', 'It depends on the declaration'],
    answer: 0,
    topic: 'Arrays',
    explanation:
      'Arrays are indexed from 0: in `int a[5];` the elements are `a[0]` to `a[4]`. `a[i]` means `*(a + i)`, so the first element is at offset 0.',
  },
  {
    question: 'Which storage class keeps a local variable’s value between function calls?',
    options: ['auto', 'register', 'static', 'extern'],
    answer: 2,
    topic: 'Storage classes',
    explanation:
      'A `static` local variable is created once and keeps its value between calls, e.g. `static int count = 0; count++;` counts the calls. An `auto` local is created anew on each call.',
  },
  {
    question: 'Which keyword defines a structure type?',
    options: ['class', 'struct', 'record', 'union'],
    answer: 1,
    topic: 'Structures',
    explanation:
      '`struct point { int x; int y; };` defines a structure type whose members are stored one after another. A `union` is different: its members share the same memory.',
  },
  {
    question: 'Which function opens a file?',
    options: ['open_file()', 'fopen()', 'file()', 'fread()'],
    answer: 1,
    topic: 'File handling',
    explanation:
      '`fopen("data.txt", "r")` opens a file and returns a `FILE *`, or NULL if it cannot. Close it with `fclose()` when you are done.',
  },
  {
    question: 'What does `sizeof(int)` return on most 32- and 64-bit systems?',
    options: ['1', '2', '4', '8'],
    answer: 2,
    topic: 'Data types',
    explanation:
      "The standard only requires an int to hold at least 16 bits, but on today's common 32- and 64-bit systems an int is 4 bytes (32 bits). Use `sizeof(int)` in code rather than assuming it.",
  },
  {
    question: 'Which statement leaves a loop at once?',
    options: ['continue', 'exit', 'break', 'return 0 only'],
    answer: 2,
    topic: 'Loops',
    explanation:
      '`break` ends the innermost loop (or switch) at once. `continue` skips to the next iteration, and `exit()` ends the whole program.',
  },
];

/*
 * The C library's stdlib.h, then the lines of each allocation (found before it: clang -isystem). A call to malloc,
 * calloc, realloc or free the student writes passes its line to the checks runtime, so a report can say
 * "allocated on line 6" and "freed on line 11" at no cost per call. Only a program that includes this header has
 * these names, as with any compiler: one that forgot it is told so by Clang.
 *
 * Each is a function-like macro: `free` passed as a function (`destroy(list, free)`) is the library's own, checked
 * all the same, without its line, and so is a name the program defined as a macro of its own. __CHECKS_NO_CALL_LINES
 * leaves these names (in stdio.h and string.h too) the library's: the build's second try when the code uses one
 * otherwise than as a call (its own prototype of malloc, a struct member called free, its own #define of one after
 * the #include; compile-child.ts).
 */
#include_next <stdlib.h>
#ifndef __CHECKS_STDLIB_H
#define __CHECKS_STDLIB_H

void *__checks_malloc(int __line, size_t __size);
void *__checks_calloc(int __line, size_t __count, size_t __size);
void *__checks_realloc(int __line, void *__block, size_t __size);
void __checks_free(int __line, void *__block);

#ifndef __CHECKS_NO_CALL_LINES
#ifndef malloc
#define malloc(...) __checks_malloc(__LINE__ __VA_OPT__(, ) __VA_ARGS__)
#endif
#ifndef calloc
#define calloc(...) __checks_calloc(__LINE__ __VA_OPT__(, ) __VA_ARGS__)
#endif
#ifndef realloc
#define realloc(...) __checks_realloc(__LINE__ __VA_OPT__(, ) __VA_ARGS__)
#endif
#ifndef free
#define free(...) __checks_free(__LINE__ __VA_OPT__(, ) __VA_ARGS__)
#endif
#endif

#endif

/*
 * The C library's string.h, then checks (found before it: clang -isystem). A memcpy of a few bytes the compiler
 * would turn into plain loads and stores, and two overlapping ranges (deleting from an array with memcpy instead of
 * memmove) would go unnoticed: here every memcpy the student writes is a call the checks runtime sees. strdup and
 * strndup allocate: each call passes its line, as malloc's does (stdlib.h).
 */
#include_next <string.h>
#ifndef __CHECKS_STRING_H
#define __CHECKS_STRING_H

void *__checks_memcpy(void *__restrict __to, const void *__restrict __from, size_t __size);
char *__checks_strdup(int __line, const char *__text);
char *__checks_strndup(int __line, const char *__text, size_t __size);

#ifndef memcpy
#define memcpy(to, from, size) __checks_memcpy(to, from, size)
#endif

#ifndef __CHECKS_NO_CALL_LINES
#ifndef strdup
#define strdup(...) __checks_strdup(__LINE__ __VA_OPT__(, ) __VA_ARGS__)
#endif
#ifndef strndup
#define strndup(...) __checks_strndup(__LINE__ __VA_OPT__(, ) __VA_ARGS__)
#endif
#endif

#endif

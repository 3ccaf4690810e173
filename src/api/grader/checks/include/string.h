/*
 * The C library's string.h, then one check more (found before it: clang -isystem). A memcpy of a few bytes the
 * compiler would turn into plain loads and stores, and two overlapping ranges (deleting from an array with memcpy
 * instead of memmove) would go unnoticed: here every memcpy the student writes is a call the checks runtime sees.
 */
#include_next <string.h>
#ifndef __CHECKS_STRING_H
#define __CHECKS_STRING_H

void *__checks_memcpy(void *__restrict __to, const void *__restrict __from, __SIZE_TYPE__ __size);
#define memcpy(to, from, size) __checks_memcpy(to, from, size)

#endif

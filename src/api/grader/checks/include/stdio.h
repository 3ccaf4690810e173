/*
 * The C library's stdio.h, then checks (found before it: clang -isystem).
 *
 * MemorySanitizer's instrumentation does not follow a value passed as one of `...`'s arguments, so a value never
 * set would reach printf unnoticed and print whatever the memory held. Here each argument after the format is
 * copied (once: an `i++` stays one) and its copy checked before the call: a value never set is named at the line
 * that printed it. The types stay as written, so the compiler still checks them against the format.
 *
 * The calls on an open file pass their line to the checks runtime, which knows which files are open and where each
 * was opened and closed: one given the NULL of a failed fopen, or a file already closed, is named at its line.
 * All are function-like macros, as in stdlib.h (which says when __CHECKS_NO_CALL_LINES leaves the names alone).
 */
#include_next <stdio.h>
#ifndef __CHECKS_STDIO_H
#define __CHECKS_STDIO_H

void __checks_defined_argument(const char *__function, const void *__value, __SIZE_TYPE__ __size);

#define __CHECKS_SET(function, x)                                                                                  \
  (__extension__({                                                                                                 \
    __auto_type __checks_value = (x);                                                                              \
    __checks_defined_argument(function, &__checks_value, sizeof __checks_value);                                   \
    __checks_value;                                                                                                \
  }))
/* `, __CHECKS_SET(f, a)` for each argument a, for up to 256 of them. */
#define __CHECKS_EACH(function, ...) __VA_OPT__(__CHECKS_EXPAND(__CHECKS_EACH_ONE(function, __VA_ARGS__)))
#define __CHECKS_EACH_ONE(function, first, ...)                                                                    \
  , __CHECKS_SET(function, first) __VA_OPT__(__CHECKS_EACH_AGAIN __CHECKS_PARENS(function, __VA_ARGS__))
#define __CHECKS_EACH_AGAIN() __CHECKS_EACH_ONE
#define __CHECKS_PARENS ()
#define __CHECKS_EXPAND(...) __CHECKS_EXPAND4(__CHECKS_EXPAND4(__CHECKS_EXPAND4(__CHECKS_EXPAND4(__VA_ARGS__))))
#define __CHECKS_EXPAND4(...) __CHECKS_EXPAND1(__CHECKS_EXPAND1(__CHECKS_EXPAND1(__CHECKS_EXPAND1(__VA_ARGS__))))
#define __CHECKS_EXPAND1(...) __VA_ARGS__


int __checks_fgetc(int __line, FILE *__file);
int __checks_getc(int __line, FILE *__file);
char *__checks_fgets(int __line, char *__buffer, int __size, FILE *__file);
int __checks_fputc(int __line, int __c, FILE *__file);
int __checks_putc(int __line, int __c, FILE *__file);
int __checks_fputs(int __line, const char *__text, FILE *__file);
__attribute__((__format__(__printf__, 3, 4))) int __checks_fprintf(int __line, FILE *__file, const char *__format, ...);
__attribute__((__format__(__scanf__, 3, 4))) int __checks_fscanf(int __line, FILE *__file, const char *__format, ...);
size_t __checks_fread(int __line, void *__to, size_t __size, size_t __count, FILE *__file);
size_t __checks_fwrite(int __line, const void *__from, size_t __size, size_t __count, FILE *__file);
FILE *__checks_fopen(int __line, const char *__name, const char *__mode);
int __checks_fclose(int __line, FILE *__file);
int __checks_fseek(int __line, FILE *__file, long __offset, int __whence);
long __checks_ftell(int __line, FILE *__file);
void __checks_rewind(int __line, FILE *__file);
int __checks_feof(int __line, FILE *__file);
int __checks_ferror(int __line, FILE *__file);

#ifndef printf
#define printf(format, ...) printf(format __CHECKS_EACH("printf", __VA_ARGS__))
#endif
#ifndef sprintf
#define sprintf(to, format, ...) sprintf(to, format __CHECKS_EACH("sprintf", __VA_ARGS__))
#endif
#ifndef snprintf
#define snprintf(to, size, format, ...) snprintf(to, size, format __CHECKS_EACH("snprintf", __VA_ARGS__))
#endif

#ifndef __CHECKS_NO_CALL_LINES
#define __CHECKS_LINED(function, ...) function(__LINE__ __VA_OPT__(, ) __VA_ARGS__)
#ifndef fgetc
#define fgetc(...) __CHECKS_LINED(__checks_fgetc, __VA_ARGS__)
#endif
#ifndef getc
#define getc(...) __CHECKS_LINED(__checks_getc, __VA_ARGS__)
#endif
#ifndef fgets
#define fgets(...) __CHECKS_LINED(__checks_fgets, __VA_ARGS__)
#endif
#ifndef fputc
#define fputc(...) __CHECKS_LINED(__checks_fputc, __VA_ARGS__)
#endif
#ifndef putc
#define putc(...) __CHECKS_LINED(__checks_putc, __VA_ARGS__)
#endif
#ifndef fputs
#define fputs(...) __CHECKS_LINED(__checks_fputs, __VA_ARGS__)
#endif
#ifndef fprintf
#define fprintf(file, format, ...) __checks_fprintf(__LINE__, file, format __CHECKS_EACH("fprintf", __VA_ARGS__))
#endif
#ifndef fscanf
#define fscanf(...) __CHECKS_LINED(__checks_fscanf, __VA_ARGS__)
#endif
#ifndef fread
#define fread(...) __CHECKS_LINED(__checks_fread, __VA_ARGS__)
#endif
#ifndef fwrite
#define fwrite(...) __CHECKS_LINED(__checks_fwrite, __VA_ARGS__)
#endif
#ifndef fopen
#define fopen(...) __CHECKS_LINED(__checks_fopen, __VA_ARGS__)
#endif
#ifndef fclose
#define fclose(...) __CHECKS_LINED(__checks_fclose, __VA_ARGS__)
#endif
#ifndef fseek
#define fseek(...) __CHECKS_LINED(__checks_fseek, __VA_ARGS__)
#endif
#ifndef ftell
#define ftell(...) __CHECKS_LINED(__checks_ftell, __VA_ARGS__)
#endif
#ifndef rewind
#define rewind(...) __CHECKS_LINED(__checks_rewind, __VA_ARGS__)
#endif
#ifndef feof
#define feof(...) __CHECKS_LINED(__checks_feof, __VA_ARGS__)
#endif
#ifndef ferror
#define ferror(...) __CHECKS_LINED(__checks_ferror, __VA_ARGS__)
#endif
#endif

#endif

/*
 * The C library's stdio.h, then one check more (found before it: clang -isystem). MemorySanitizer's instrumentation
 * does not follow a value passed as one of `...`'s arguments, so a value never set would reach printf unnoticed and
 * print whatever the memory held. Here each argument after the format is copied (once: an `i++` stays one) and its
 * copy checked before the call: a value never set is named at the line that printed it. The types stay as written,
 * so the compiler still checks them against the format.
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

#define printf(format, ...) printf(format __CHECKS_EACH("printf", __VA_ARGS__))
#define sprintf(to, format, ...) sprintf(to, format __CHECKS_EACH("sprintf", __VA_ARGS__))
#define snprintf(to, size, format, ...) snprintf(to, size, format __CHECKS_EACH("snprintf", __VA_ARGS__))
#define __checks_fprintf(line, file, format, ...)                                                                  \
  __checks_fprintf(line, file, format __CHECKS_EACH("fprintf", __VA_ARGS__))

#endif

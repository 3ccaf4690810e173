/*
 * Included before every student's program (clang -include): the allocation functions the build rewrites calls to,
 * so each block knows the line that allocated (or freed) it. Nothing else: no C library header, so no name of the
 * student's can clash with one they did not include.
 */
void *__checks_malloc(int __line, __SIZE_TYPE__ __size);
void *__checks_calloc(int __line, __SIZE_TYPE__ __count, __SIZE_TYPE__ __size);
void *__checks_realloc(int __line, void *__block, __SIZE_TYPE__ __size);
void __checks_free(int __line, void *__block);

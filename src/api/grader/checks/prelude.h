/*
 * Included before every student's program (clang -include): the allocation functions the build rewrites calls to,
 * so each block knows the line that allocated (or freed) it, and the file functions, so a NULL file is named at its
 * line. Nothing else: no C library header, so no name of the student's can clash with one they did not include (a
 * FILE * is passed as a void *).
 */
void *__checks_malloc(int __line, __SIZE_TYPE__ __size);
void *__checks_calloc(int __line, __SIZE_TYPE__ __count, __SIZE_TYPE__ __size);
void *__checks_realloc(int __line, void *__block, __SIZE_TYPE__ __size);
void __checks_free(int __line, void *__block);
char *__checks_strdup(int __line, const char *__text);
char *__checks_strndup(int __line, const char *__text, __SIZE_TYPE__ __size);
int __checks_fgetc(int __line, void *__file);
int __checks_getc(int __line, void *__file);
char *__checks_fgets(int __line, char *__buffer, int __size, void *__file);
int __checks_fputc(int __line, int __c, void *__file);
int __checks_putc(int __line, int __c, void *__file);
int __checks_fputs(int __line, const char *__text, void *__file);
__attribute__((__format__(__printf__, 3, 4))) int __checks_fprintf(int __line, void *__file, const char *__format, ...);
__attribute__((__format__(__scanf__, 3, 4))) int __checks_fscanf(int __line, void *__file, const char *__format, ...);
__SIZE_TYPE__ __checks_fread(int __line, void *__to, __SIZE_TYPE__ __size, __SIZE_TYPE__ __count, void *__file);
__SIZE_TYPE__ __checks_fwrite(int __line, const void *__from, __SIZE_TYPE__ __size, __SIZE_TYPE__ __count,
                              void *__file);
void *__checks_fopen(int __line, const char *__name, const char *__mode);
int __checks_fclose(int __line, void *__file);
int __checks_fseek(int __line, void *__file, long __offset, int __whence);
long __checks_ftell(int __line, void *__file);
void __checks_rewind(int __line, void *__file);
int __checks_feof(int __line, void *__file);
int __checks_ferror(int __line, void *__file);

/*
 * The checks runtime: what AddressSanitizer, UndefinedBehaviorSanitizer and -finstrument-functions expect at run
 * time, for students' programs built for WebAssembly (wasm32-wasip1). Clang emits the checks; this file is linked
 * in their place of compiler-rt's runtime, which Clang does not ship for this target.
 *
 * Memory (the linker's --global-base keeps the program above the shadow):
 *   [0, SHADOW_END)        shadow: one byte describes 8 bytes of memory (Clang's mapping: shadow = address >> 3)
 *   [SHADOW_END, ...)      the program's data, then its stack, then the heap this allocator hands out
 * A shadow byte 0 means all 8 bytes may be used, 1..7 the first k, and a negative value none: the value says why
 * (a redzone around a heap block, a freed block, a stack variable's redzone, a global's).
 *
 * Nothing here decides what a student reads: each problem is sent to the host (the run worker) as key=value
 * fields, which it turns into words with the line from the program's debug information.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <errno.h>
#include <sys/stat.h>

#define NOINST __attribute__((no_instrument_function))
#define EXPORT __attribute__((visibility("default"), used))

typedef uintptr_t uptr;

/* Set by the build (-D): the size of the memory the program may have and where the shadow ends. */
#ifndef CHECKS_MEMORY_BYTES
#define CHECKS_MEMORY_BYTES (96u * 1024 * 1024)
#endif
#ifndef CHECKS_HEAP_BUDGET
#define CHECKS_HEAP_BUDGET (64u * 1024 * 1024)
#endif
#define SHADOW_END (CHECKS_MEMORY_BYTES / 8)
#define SHADOW(addr) ((int8_t *)((uptr)(addr) >> 3))

enum {
  POISON_HEAP_LEFT = (int8_t)0xfa,
  POISON_HEAP_RIGHT = (int8_t)0xfb,
  POISON_HEAP_UNUSED = (int8_t)0xfc,
  POISON_FREED = (int8_t)0xfd,
  POISON_LOW = (int8_t)0xfe,
  POISON_STACK_LEFT = (int8_t)0xf1,
  POISON_STACK_MID = (int8_t)0xf2,
  POISON_STACK_RIGHT = (int8_t)0xf3,
  POISON_STACK_RETURNED = (int8_t)0xf5,
  POISON_STACK_SCOPE = (int8_t)0xf8,
  POISON_GLOBAL = (int8_t)0xf9,
  POISON_ALLOCA = (int8_t)0xca,
};

__attribute__((import_module("grader"), import_name("report"))) void __checks_report(const char *text, uint32_t length);

/* ---- reports ---------------------------------------------------------------------------------------------- */

static char report_text[4096];
static size_t report_length;
static int reported;

/* The runtime's own strlen: the C library's name is the checked one below. */
NOINST static size_t length_of(const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}

NOINST static void field_raw(const char *key, const char *value, size_t n) {
  size_t k = length_of(key);
  if (report_length + k + n + 2 >= sizeof report_text) return;
  if (report_length) report_text[report_length++] = '\x1f';
  memcpy(report_text + report_length, key, k);
  report_length += k;
  report_text[report_length++] = '=';
  memcpy(report_text + report_length, value, n);
  report_length += n;
}
NOINST static void field(const char *key, const char *value) { field_raw(key, value ? value : "", value ? length_of(value) : 0); }
NOINST static void field_u(const char *key, unsigned long long value) {
  char digits[24];
  int i = sizeof digits;
  do digits[--i] = (char)('0' + value % 10); while ((value /= 10) && i > 0);
  field_raw(key, digits + i, sizeof digits - i);
}
NOINST static void field_i(const char *key, long long value) {
  if (value >= 0) return field_u(key, (unsigned long long)value);
  char digits[24];
  unsigned long long v = (unsigned long long)(-(value + 1)) + 1;
  int i = sizeof digits;
  do digits[--i] = (char)('0' + v % 10); while ((v /= 10) && i > 1);
  digits[--i] = '-';
  field_raw(key, digits + i, sizeof digits - i);
}
NOINST static void begin(const char *kind) {
  report_length = 0;
  field("kind", kind);
}
NOINST static void send(void) { __checks_report(report_text, (uint32_t)report_length); }
/* A problem that ends the run, as a real crash would: the host has what to say, the trap stops the program. */
NOINST __attribute__((noreturn)) static void fatal(void) {
  reported = 1;
  send();
  __builtin_trap();
}

/* ---- the shadow --------------------------------------------------------------------------------------------- */

NOINST static void poison(uptr beg, uptr size, int8_t value) {
  if (size == 0) return;
  memset(SHADOW(beg), value, (size + 7) >> 3);
}
/* Marks [beg, beg+size) addressable; beg 8-aligned; the last granule partly when size is not a multiple of 8. */
NOINST static void unpoison(uptr beg, uptr size) {
  memset(SHADOW(beg), 0, size >> 3);
  if (size & 7) *SHADOW(beg + (size & ~(uptr)7)) = (int8_t)(size & 7);
}
NOINST static int addressable(uptr addr) {
  int8_t s = *SHADOW(addr);
  return s == 0 || (s > 0 && (int8_t)(addr & 7) < s);
}
/* The first byte of [addr, addr+size) that may not be used, or 0 if all may. */
NOINST static uptr first_bad(uptr addr, uptr size) {
  if (addr + size < addr || addr + size > CHECKS_MEMORY_BYTES) return addr < SHADOW_END ? addr : CHECKS_MEMORY_BYTES;
  for (uptr a = addr; a < addr + size; a++) {
    if ((a & 7) == 0 && a + 8 <= addr + size && *SHADOW(a) == 0) {
      a += 7;
      continue;
    }
    if (!addressable(a)) return a;
  }
  return 0;
}

/* ---- the heap ------------------------------------------------------------------------------------------------ */

/* A block: a 32-byte header (in its left redzone), the user's bytes, a right redzone. */
typedef struct block {
  uint32_t magic;
  uint32_t size;
  int32_t line;
  int32_t free_line; /* while live: STARTUP for a block the C library made for itself before the student's code ran */
  struct block *prev, *next; /* live blocks; the quarantine and the free lists use next only */
  uint32_t capacity;          /* user bytes the block can hold (its size class) */
  uint32_t state;
} block;
enum { MAGIC = 0xc0ffee42u, LIVE = 1, QUARANTINED = 2, FREE = 3 };
enum { STARTUP = -1 };
/* Set when the student's code first runs (its first function call): what the C library allocated before that, to
   hand main its arguments, is the library's to keep and never reported as a leak. */
static int student_started;
#define HEADER sizeof(block)
#define RIGHT_REDZONE 32u
#define QUARANTINE_BYTES (4u * 1024 * 1024)

static uptr heap_top, heap_end;
static block *live_head;
static block *quarantine_head, *quarantine_tail;
static uptr quarantined_bytes;
static block *free_lists[32];
static uptr live_bytes, live_blocks;
static uint32_t heap_full_size;
extern unsigned char __heap_base;

NOINST static unsigned size_class(uptr n) {
  unsigned c = 4;
  while (((uptr)1 << c) < n) c++;
  return c;
}
NOINST static block *carve(uptr capacity) {
  uptr total = HEADER + capacity + RIGHT_REDZONE;
  uptr start = (heap_top + 7) & ~(uptr)7;
  if (start + total > CHECKS_MEMORY_BYTES) return 0;
  while (start + total > heap_end) {
    if (__builtin_wasm_memory_grow(0, 16) == (size_t)-1) return 0;
    poison(heap_end, 16 * 65536, POISON_HEAP_UNUSED);
    heap_end += 16 * 65536;
  }
  heap_top = start + total;
  block *b = (block *)start;
  b->magic = MAGIC;
  b->capacity = (uint32_t)capacity;
  return b;
}
NOINST static block *take(uptr size) {
  if (size > CHECKS_HEAP_BUDGET || live_bytes + size > CHECKS_HEAP_BUDGET) return 0;
  unsigned c = size_class(size ? size : 1);
  block *b = c < 32 ? free_lists[c] : 0;
  if (b) free_lists[c] = b->next;
  else b = carve(size <= 65536 ? ((uptr)1 << c) : ((size + 4095) & ~(uptr)4095));
  return b;
}
#ifdef CHECKS_TRACE
/* A build to be stepped through tells the runner of each block of the student's (line > 0) as it is made and freed. */
__attribute__((import_module("trace"), import_name("alloc"))) void __checks_trace_alloc(uptr addr, uptr size, int line);
__attribute__((import_module("trace"), import_name("free"))) void __checks_trace_free(uptr addr);
#define TRACE_ALLOC(addr, size, line) \
  if (line > 0) __checks_trace_alloc(addr, size, line)
#define TRACE_FREE(b, addr) \
  if (b->line > 0) __checks_trace_free(addr)
#else
#define TRACE_ALLOC(addr, size, line)
#define TRACE_FREE(b, addr)
#endif

NOINST static void *hand_out(block *b, uptr size, int line) {
  b->size = (uint32_t)size;
  b->line = line;
  b->free_line = student_started == 1 ? 0 : STARTUP;
  b->state = LIVE;
  b->prev = 0;
  b->next = live_head;
  if (live_head) live_head->prev = b;
  live_head = b;
  live_bytes += size;
  live_blocks++;
  uptr user = (uptr)b + HEADER;
  poison((uptr)b, HEADER, POISON_HEAP_LEFT);
  unpoison(user, size);
  uptr tail = (user + size + 7) & ~(uptr)7;
  poison(tail, user + b->capacity + RIGHT_REDZONE - tail, POISON_HEAP_RIGHT);
  TRACE_ALLOC(user, size, line);
  return (void *)user;
}
NOINST static void release(block *b) {
  unsigned c = size_class(b->capacity);
  if (c < 32 && b->capacity == ((uptr)1 << c)) {
    b->state = FREE;
    b->next = free_lists[c];
    free_lists[c] = b;
  }
}
NOINST static block *block_of(void *p) {
  uptr a = (uptr)p;
  if (a < HEADER + SHADOW_END || (a & 7)) return 0;
  block *b = (block *)(a - HEADER);
  if ((uptr)b < (uptr)&__heap_base || a >= heap_top || b->magic != MAGIC) return 0;
  return b;
}

/* The block (live or freed) whose memory or redzones hold addr, if any. */
NOINST static block *block_around(uptr addr) {
  if (addr < (uptr)&__heap_base || addr >= heap_top) return 0;
  for (int pass = 0; pass < 2; pass++)
    for (block *b = pass == 0 ? live_head : quarantine_head; b; b = b->next)
      if (addr >= (uptr)b && addr < (uptr)b + HEADER + b->capacity + RIGHT_REDZONE) return b;
  return 0;
}

NOINST static void heap_full(uptr size, int line) {
  heap_full_size = (uint32_t)(size > 0xffffffffu ? 0xffffffffu : size);
  begin("heap_full");
  field_u("size", size);
  field_i("line", line);
  field_u("live", live_bytes);
  send();
  errno = ENOMEM;
}

EXPORT NOINST void *__checks_malloc(int line, size_t size) {
  block *b = take(size);
  if (!b) {
    heap_full(size, line);
    return 0;
  }
  return hand_out(b, size, line);
}
EXPORT NOINST void *__checks_calloc(int line, size_t n, size_t size) {
  size_t total;
  if (__builtin_mul_overflow(n, size, &total)) {
    heap_full((uptr)-1, line);
    return 0;
  }
  void *p = __checks_malloc(line, total);
  if (p) memset(p, 0, total);
  return p;
}
NOINST static void bad_free(void *p, int line, const char *why) {
  begin("bad_free");
  field("why", why);
  field_u("addr", (uptr)p);
  field_i("free_line", line);
  block *b = block_around((uptr)p);
  if (b) {
    field_u("block", (uptr)b + HEADER);
    field_u("obj_size", b->size);
    field_i("alloc_line", b->line);
    field_i("first_free_line", b->free_line);
  }
  fatal();
}
EXPORT NOINST void __checks_free(int line, void *p) {
  if (!p) return;
  block *b = block_of(p);
  if (!b) {
    block *around = block_around((uptr)p);
    if (around && around->state != LIVE && (uptr)p == (uptr)around + HEADER) bad_free(p, line, "double");
    bad_free(p, line, around ? "middle" : "not_heap");
  }
  if (b->state != LIVE) bad_free(p, line, "double");
  TRACE_FREE(b, (uptr)p);
  b->state = QUARANTINED;
  b->free_line = line;
  if (b->prev) b->prev->next = b->next;
  else live_head = b->next;
  if (b->next) b->next->prev = b->prev;
  live_bytes -= b->size;
  live_blocks--;
  poison((uptr)p, b->capacity, POISON_FREED);
  b->next = 0;
  if (quarantine_tail) quarantine_tail->next = b;
  else quarantine_head = b;
  quarantine_tail = b;
  quarantined_bytes += b->capacity;
  while (quarantined_bytes > QUARANTINE_BYTES && quarantine_head) {
    block *old = quarantine_head;
    quarantine_head = old->next;
    if (!quarantine_head) quarantine_tail = 0;
    quarantined_bytes -= old->capacity;
    release(old);
  }
}
EXPORT NOINST void *__checks_realloc(int line, void *p, size_t size) {
  if (!p) return __checks_malloc(line, size);
  block *b = block_of(p);
  if (!b || b->state != LIVE) bad_free(p, line, b ? "double" : "not_heap");
  /* Always a new block, as a real allocator may move it: a pointer kept across realloc is caught when used. */
  void *q = __checks_malloc(line, size);
  if (!q) return 0;
  memcpy(q, p, b->size < size ? b->size : size);
  __checks_free(line, p);
  return q;
}

/* The C library's own names, for calls the build did not rewrite (a pointer to free, the library itself). */
EXPORT NOINST void *malloc(size_t size) { return __checks_malloc(0, size); }
EXPORT NOINST void *calloc(size_t n, size_t size) { return __checks_calloc(0, n, size); }
EXPORT NOINST void *realloc(void *p, size_t size) { return __checks_realloc(0, p, size); }
EXPORT NOINST void free(void *p) { __checks_free(0, p); }
EXPORT NOINST void *aligned_alloc(size_t alignment, size_t size) {
  if (alignment <= 8) return __checks_malloc(0, size);
  errno = EINVAL;
  return 0;
}
EXPORT NOINST int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment > 8) return EINVAL;
  *out = __checks_malloc(0, size);
  return *out ? 0 : ENOMEM;
}
EXPORT NOINST size_t malloc_usable_size(void *p) {
  block *b = block_of(p);
  return b ? b->size : 0;
}
/* The names the C library calls its own allocator by (its other parts use them). */
EXPORT NOINST void *__libc_malloc(size_t size) { return __checks_malloc(0, size); }
EXPORT NOINST void *__libc_calloc(size_t n, size_t size) { return __checks_calloc(0, n, size); }
EXPORT NOINST void *__libc_realloc(void *p, size_t size) { return __checks_realloc(0, p, size); }
EXPORT NOINST void __libc_free(void *p) { __checks_free(0, p); }

/* ---- memory errors -------------------------------------------------------------------------------------------- */

struct asan_global {
  uptr beg, size, size_with_redzone;
  const char *name, *module_name;
  uptr has_dynamic_init;
  void *location;
  uptr odr_indicator;
};
static struct asan_global *globals;
static uptr global_count;

EXPORT NOINST void __asan_register_globals(struct asan_global *g, uptr n) {
  globals = g;
  global_count = n;
  for (uptr i = 0; i < n; i++) {
    uptr tail = (g[i].beg + g[i].size + 7) & ~(uptr)7;
    unpoison(g[i].beg, g[i].size);
    poison(tail, g[i].beg + g[i].size_with_redzone - tail, POISON_GLOBAL);
  }
}
EXPORT NOINST void __asan_unregister_globals(struct asan_global *g, uptr n) { (void)g, (void)n; }

/* The stack frame (its description, from Clang) whose redzones or variables hold addr. */
NOINST static const char *frame_around(uptr addr, uptr *frame_base) {
  uptr a = addr & ~(uptr)7;
  for (int i = 0; i < 1 << 16 && a >= SHADOW_END; i++, a -= 8) {
    int8_t s = *SHADOW(a);
    if (s == POISON_STACK_LEFT && *(uint32_t *)a == 0x41B58AB3u) {
      *frame_base = a;
      return *(const char **)(a + sizeof(uptr));
    }
  }
  return 0;
}
NOINST static const char *global_around(uptr addr, uptr *beg, uptr *size) {
  for (uptr i = 0; i < global_count; i++) {
    struct asan_global *g = &globals[i];
    if (addr >= g->beg && addr < g->beg + g->size_with_redzone) {
      *beg = g->beg;
      *size = g->size;
      return g->name;
    }
  }
  return 0;
}

extern unsigned char __stack_low, __stack_high, __data_end;

NOINST static void describe_address(uptr addr) {
  field_u("addr", addr);
  if (addr < 4096) return field("where", "null");
  if (addr < SHADOW_END) return field("where", "wild");
  uptr beg, size;
  const char *name = global_around(addr, &beg, &size);
  if (name) {
    field("where", "global");
    field("name", name);
    field_u("beg", beg);
    field_u("obj_size", size);
    return;
  }
  block *b = block_around(addr);
  if (b) {
    field("where", b->state == LIVE ? "heap" : "freed");
    field_u("beg", (uptr)b + HEADER);
    field_u("obj_size", b->size);
    field_i("alloc_line", b->line);
    if (b->state != LIVE) field_i("free_line", b->free_line);
    return;
  }
  if (addr >= (uptr)&__stack_low && addr < (uptr)&__stack_high) {
    uptr base;
    const char *frame = frame_around(addr, &base);
    field("where", "stack");
    if (frame) {
      field_u("frame", base);
      field("frame_vars", frame);
    }
    return;
  }
  field("where", addr >= heap_top ? "beyond" : "wild");
}

NOINST __attribute__((noreturn)) static void bad_access(uptr addr, uptr size, int is_write) {
  uptr bad = first_bad(addr, size);
  begin("access");
  field("access", is_write ? "write" : "read");
  field_u("size", size);
  field_u("first_bad", bad ? bad : addr);
  field_i("shadow", bad && bad < CHECKS_MEMORY_BYTES ? *SHADOW(bad) : 0);
  describe_address(bad ? bad : addr);
  fatal();
}

#define REPORT(n)                                                                                                 \
  EXPORT NOINST void __asan_report_load##n(uptr a) { bad_access(a, n, 0); }                                       \
  EXPORT NOINST void __asan_report_store##n(uptr a) { bad_access(a, n, 1); }                                      \
  EXPORT NOINST void __asan_report_exp_load##n(uptr a, uint32_t e) { (void)e, bad_access(a, n, 0); }               \
  EXPORT NOINST void __asan_report_exp_store##n(uptr a, uint32_t e) { (void)e, bad_access(a, n, 1); }              \
  EXPORT NOINST void __asan_load##n(uptr a) { if (first_bad(a, n)) bad_access(a, n, 0); }                          \
  EXPORT NOINST void __asan_store##n(uptr a) { if (first_bad(a, n)) bad_access(a, n, 1); }                         \
  EXPORT NOINST void __asan_load##n##_noabort(uptr a) { __asan_load##n(a); }                                      \
  EXPORT NOINST void __asan_store##n##_noabort(uptr a) { __asan_store##n(a); }
REPORT(1)
REPORT(2)
REPORT(4)
REPORT(8)
REPORT(16)
EXPORT NOINST void __asan_report_load_n(uptr a, uptr n) { bad_access(a, n, 0); }
EXPORT NOINST void __asan_report_store_n(uptr a, uptr n) { bad_access(a, n, 1); }
EXPORT NOINST void __asan_loadN(uptr a, uptr n) { if (first_bad(a, n)) bad_access(a, n, 0); }
EXPORT NOINST void __asan_storeN(uptr a, uptr n) { if (first_bad(a, n)) bad_access(a, n, 1); }

/* A C library function given a range it would read or write past: named, with the range and the memory. */
NOINST static void check_range(const char *function, const void *p, uptr size, int is_write) {
  if (size == 0) return;
  uptr bad = first_bad((uptr)p, size);
  if (!bad) return;
  begin("access");
  field("function", function);
  field("access", is_write ? "write" : "read");
  field_u("size", size);
  field_u("first_bad", bad);
  field_i("shadow", bad < CHECKS_MEMORY_BYTES ? *SHADOW(bad) : 0);
  describe_address(bad);
  /* The block the range starts in: what was meant to be written or read. */
  field_u("range", (uptr)p);
  fatal();
}
/* The length of the string at p, reading no further than memory that may be read. */
NOINST static uptr checked_strlen(const char *function, const char *s) {
  if (!s) {
    begin("null_argument");
    field("function", function);
    fatal();
  }
  uptr n = 0;
  for (;; n++) {
    if (!addressable((uptr)(s + n))) check_range(function, s, n + 1, 0);
    if (s[n] == 0) return n;
  }
}

EXPORT NOINST void *__asan_memcpy(void *d, const void *s, uptr n) {
  check_range("memcpy", s, n, 0);
  check_range("memcpy", d, n, 1);
  return memcpy(d, s, n);
}
EXPORT NOINST void *__asan_memmove(void *d, const void *s, uptr n) {
  check_range("memmove", s, n, 0);
  check_range("memmove", d, n, 1);
  return memmove(d, s, n);
}
EXPORT NOINST void *__asan_memset(void *d, int c, uptr n) {
  check_range("memset", d, n, 1);
  return memset(d, c, n);
}

/* The string functions a C course uses, checked; they replace the C library's (this object is linked first). */
EXPORT NOINST size_t strlen(const char *s) { return checked_strlen("strlen", s); }
EXPORT NOINST char *strcpy(char *d, const char *s) {
  uptr n = checked_strlen("strcpy", s) + 1;
  check_range("strcpy", d, n, 1);
  return memcpy(d, s, n);
}
EXPORT NOINST char *strncpy(char *d, const char *s, size_t n) {
  uptr len = 0;
  while (len < n && addressable((uptr)(s + len)) && s[len]) len++;
  if (len < n && !addressable((uptr)(s + len))) check_range("strncpy", s, len + 1, 0);
  check_range("strncpy", d, n, 1);
  memcpy(d, s, len);
  memset(d + len, 0, n - len);
  return d;
}
EXPORT NOINST char *strcat(char *d, const char *s) {
  uptr dl = checked_strlen("strcat", d), sl = checked_strlen("strcat", s);
  check_range("strcat", d + dl, sl + 1, 1);
  memcpy(d + dl, s, sl + 1);
  return d;
}
EXPORT NOINST char *strncat(char *d, const char *s, size_t n) {
  uptr dl = checked_strlen("strncat", d), sl = 0;
  while (sl < n && addressable((uptr)(s + sl)) && s[sl]) sl++;
  check_range("strncat", d + dl, sl + 1, 1);
  memcpy(d + dl, s, sl);
  d[dl + sl] = 0;
  return d;
}
EXPORT NOINST int strcmp(const char *a, const char *b) {
  checked_strlen("strcmp", a);
  checked_strlen("strcmp", b);
  while (*a && *a == *b) a++, b++;
  return (unsigned char)*a - (unsigned char)*b;
}
EXPORT NOINST char *strdup(const char *s) {
  uptr n = checked_strlen("strdup", s) + 1;
  char *d = __checks_malloc(0, n);
  return d ? memcpy(d, s, n) : 0;
}

/* printf's %s reads a string to its NUL: each one is checked before the C library prints them. */
NOINST static void check_format(const char *function, const char *format, va_list ap) {
  checked_strlen(function, format);
  for (const char *f = format; *f; f++) {
    if (*f != '%') continue;
    f++;
    if (*f == '%') continue;
    while (*f && strchr("-+ #0'", *f)) f++;
    if (*f == '*') (void)va_arg(ap, int), f++;
    else while (*f >= '0' && *f <= '9') f++;
    int precision = -1;
    if (*f == '.') {
      f++;
      if (*f == '*') precision = va_arg(ap, int), f++;
      else for (precision = 0; *f >= '0' && *f <= '9'; f++) precision = precision * 10 + (*f - '0');
    }
    int longs = 0, wide_float = 0;
    for (;; f++) {
      if (*f == 'l') longs++;
      else if (*f == 'L') wide_float = 1;
      else if (*f == 'j' || *f == 'q') longs = 2;
      else if (!(*f == 'h' || *f == 'z' || *f == 't')) break;
    }
    switch (*f) {
      case 's': {
        const char *s = va_arg(ap, const char *);
        if (!s) break;
        uptr n = 0;
        while ((precision < 0 || n < (uptr)precision) && addressable((uptr)(s + n)) && s[n]) n++;
        if ((precision < 0 || n < (uptr)precision) && !addressable((uptr)(s + n))) check_range(function, s, n + 1, 0);
        break;
      }
      case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
        if (wide_float) (void)va_arg(ap, long double);
        else (void)va_arg(ap, double);
        break;
      case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'c':
        if (longs >= 2) (void)va_arg(ap, long long);
        else if (longs == 1) (void)va_arg(ap, long);
        else (void)va_arg(ap, int);
        break;
      case 'p': case 'n': (void)va_arg(ap, void *); break;
      case 0: return;
      default: return;
    }
  }
}
EXPORT NOINST int vfprintf(FILE *out, const char *format, va_list ap);
EXPORT NOINST int printf(const char *format, ...) {
  va_list ap, check;
  va_start(ap, format);
  va_copy(check, ap);
  check_format("printf", format, check);
  va_end(check);
  int n = vprintf(format, ap);
  va_end(ap);
  return n;
}
EXPORT NOINST int fprintf(FILE *out, const char *format, ...) {
  va_list ap, check;
  va_start(ap, format);
  va_copy(check, ap);
  check_format("fprintf", format, check);
  va_end(check);
  int n = vfprintf(out, format, ap);
  va_end(ap);
  return n;
}
EXPORT NOINST int sprintf(char *d, const char *format, ...) {
  va_list ap, check, count;
  va_start(ap, format);
  va_copy(check, ap);
  check_format("sprintf", format, check);
  va_end(check);
  va_copy(count, ap);
  int n = vsnprintf(0, 0, format, count);
  va_end(count);
  if (n >= 0) check_range("sprintf", d, (uptr)n + 1, 1);
  n = vsprintf(d, format, ap);
  va_end(ap);
  return n;
}
EXPORT NOINST int snprintf(char *d, size_t size, const char *format, ...) {
  va_list ap, check;
  va_start(ap, format);
  va_copy(check, ap);
  check_format("snprintf", format, check);
  va_end(check);
  check_range("snprintf", d, size, 1);
  int n = vsnprintf(d, size, format, ap);
  va_end(ap);
  return n;
}
EXPORT NOINST int puts(const char *s) {
  checked_strlen("puts", s);
  return fputs(s, stdout) < 0 ? EOF : putchar('\n');
}

/* scanf's %s and %[ write a word of the input whatever room there is: checked once written, before any use. */
NOINST static void check_scanned(const char *function, const char *format, va_list ap, int assigned) {
  int index = 0;
  for (const char *f = format; *f && index < assigned; f++) {
    if (*f != '%') continue;
    f++;
    if (*f == '%') continue;
    int skip = *f == '*';
    if (skip) f++;
    unsigned width = 0;
    while (*f >= '0' && *f <= '9') width = width * 10 + (unsigned)(*f++ - '0');
    while (*f == 'h' || *f == 'l' || *f == 'j' || *f == 'z' || *f == 't' || *f == 'L' || *f == 'q') f++;
    if (*f == '[') {
      f++;
      if (*f == '^') f++;
      if (*f == ']') f++;
      while (*f && *f != ']') f++;
      if (!*f) return;
      if (skip) continue;
      char *s = va_arg(ap, char *);
      check_range(function, s, length_of(s) + 1, 1);
    } else if (*f == 's') {
      if (skip) continue;
      char *s = va_arg(ap, char *);
      check_range(function, s, length_of(s) + 1, 1);
    } else if (*f == 'c') {
      if (skip) continue;
      char *s = va_arg(ap, char *);
      check_range(function, s, width ? width : 1, 1);
    } else if (*f == 'n') {
      (void)va_arg(ap, void *);
      continue;
    } else if (*f) {
      if (skip) continue;
      (void)va_arg(ap, void *);
    } else return;
    index++;
  }
}
EXPORT NOINST int scanf(const char *format, ...) {
  va_list ap, check;
  va_start(ap, format);
  va_copy(check, ap);
  checked_strlen("scanf", format);
  int n = vscanf(format, ap);
  check_scanned("scanf", format, check, n);
  va_end(check);
  va_end(ap);
  return n;
}
EXPORT NOINST int fscanf(FILE *in, const char *format, ...) {
  va_list ap, check;
  va_start(ap, format);
  va_copy(check, ap);
  checked_strlen("fscanf", format);
  int n = vfscanf(in, format, ap);
  check_scanned("fscanf", format, check, n);
  va_end(check);
  va_end(ap);
  return n;
}
EXPORT NOINST int sscanf(const char *text, const char *format, ...) {
  va_list ap, check;
  va_start(ap, format);
  va_copy(check, ap);
  checked_strlen("sscanf", text);
  checked_strlen("sscanf", format);
  int n = vsscanf(text, format, ap);
  check_scanned("sscanf", format, check, n);
  va_end(check);
  va_end(ap);
  return n;
}
EXPORT NOINST char *fgets(char *s, int size, FILE *in) {
  if (size > 0) check_range("fgets", s, (uptr)size, 1);
  char *r = s;
  int i = 0;
  for (; i < size - 1; i++) {
    int c = fgetc(in);
    if (c == EOF) break;
    s[i] = (char)c;
    if (c == '\n') {
      i++;
      break;
    }
  }
  if (size <= 0 || (i == 0 && feof(in))) return 0;
  s[i] = 0;
  return r;
}

/* ---- the stack: Clang's frames, use after scope, alloca ----------------------------------------------------- */

EXPORT int __asan_option_detect_stack_use_after_return = 0;
EXPORT int __asan_option_detect_stack_use_after_scope = 1;
#define STACK_MALLOC(n)                                                                                           \
  EXPORT NOINST uptr __asan_stack_malloc_##n(uptr size) { (void)size; return 0; }                                \
  EXPORT NOINST uptr __asan_stack_malloc_always_##n(uptr size) { (void)size; return 0; }                         \
  EXPORT NOINST void __asan_stack_free_##n(uptr p, uptr size) { (void)p, (void)size; }
STACK_MALLOC(0) STACK_MALLOC(1) STACK_MALLOC(2) STACK_MALLOC(3) STACK_MALLOC(4) STACK_MALLOC(5) STACK_MALLOC(6)
STACK_MALLOC(7) STACK_MALLOC(8) STACK_MALLOC(9) STACK_MALLOC(10)
#define SET_SHADOW(v)                                                                                             \
  EXPORT NOINST void __asan_set_shadow_##v(uptr addr, uptr size) { memset((void *)addr, 0x##v, size); }
SET_SHADOW(00) SET_SHADOW(01) SET_SHADOW(02) SET_SHADOW(03) SET_SHADOW(04) SET_SHADOW(05) SET_SHADOW(06)
SET_SHADOW(07) SET_SHADOW(f1) SET_SHADOW(f2) SET_SHADOW(f3) SET_SHADOW(f5) SET_SHADOW(f8)
EXPORT NOINST void __asan_poison_stack_memory(uptr addr, uptr size) { poison(addr, size, POISON_STACK_SCOPE); }
EXPORT NOINST void __asan_unpoison_stack_memory(uptr addr, uptr size) { unpoison(addr, size); }
EXPORT NOINST void __asan_alloca_poison(uptr addr, uptr size) {
  unpoison(addr, size);
  uptr tail = (addr + size + 7) & ~(uptr)7;
  poison(tail, 32, POISON_ALLOCA);
  poison(addr - 32, 32, POISON_ALLOCA);
}
EXPORT NOINST void __asan_allocas_unpoison(uptr top, uptr bottom) {
  if (bottom > top) memset(SHADOW(top), 0, (bottom - top) >> 3);
}
EXPORT NOINST void __asan_handle_no_return(void) {}
EXPORT NOINST void __asan_version_mismatch_check_v8(void) {}
EXPORT NOINST void __asan_before_dynamic_init(const char *m) { (void)m; }
EXPORT NOINST void __asan_after_dynamic_init(void) {}

/* ---- calls: whether the stack still has room ----------------------------------------------------------------- */

/*
 * Clang calls this on entering each of the student's functions (-finstrument-function-entry-bare). A recursion that
 * keeps its variables in memory runs the program's stack down into its data: stopped here, 64 KB before that. One
 * that needs no memory runs the engine's own stack out instead; the host names both, from the calls on the stack.
 */
#define STACK_MARGIN (64u * 1024)
/*
 * The C library sets some things up the first time a program names a file (its table of folders, a buffer for
 * paths) and keeps them to the end: done here, before the student's first line, they are the library's and never a
 * leak of the student's. A long path sizes the path buffer so that later names do not grow it.
 */
NOINST static void set_up_library(void) {
  char path[600];
  struct stat info;
  memset(path, 'a', sizeof path - 1);
  path[sizeof path - 1] = '\0';
  stat(path, &info);
}

EXPORT NOINST void __cyg_profile_func_enter_bare(void) {
  char here;
  if (!student_started) {
    student_started = -1;
    set_up_library();
    student_started = 1;
  }
  if ((uptr)&here < (uptr)&__stack_low + STACK_MARGIN) {
    begin("stack_overflow");
    field("reason", "stack");
    fatal();
  }
}

/* ---- files: the C library's calls on a FILE, checked for the NULL of a failed fopen -------------------------- */

NOINST static void null_file(int line, const char *function) {
  begin("null_file");
  field("function", function);
  field_i("line", line);
  fatal();
}
#define OPEN(file, name) \
  if (!(file)) null_file(line, name)

EXPORT NOINST int __checks_fgetc(int line, FILE *f) { OPEN(f, "fgetc"); return fgetc(f); }
EXPORT NOINST int __checks_getc(int line, FILE *f) { OPEN(f, "getc"); return getc(f); }
EXPORT NOINST char *__checks_fgets(int line, char *s, int n, FILE *f) { OPEN(f, "fgets"); return fgets(s, n, f); }
EXPORT NOINST int __checks_fputc(int line, int c, FILE *f) { OPEN(f, "fputc"); return fputc(c, f); }
EXPORT NOINST int __checks_putc(int line, int c, FILE *f) { OPEN(f, "putc"); return putc(c, f); }
EXPORT NOINST int __checks_fputs(int line, const char *s, FILE *f) { OPEN(f, "fputs"); return fputs(s, f); }
EXPORT NOINST int __checks_fprintf(int line, FILE *f, const char *format, ...) {
  OPEN(f, "fprintf");
  va_list ap;
  va_start(ap, format);
  int n = vfprintf(f, format, ap);
  va_end(ap);
  return n;
}
EXPORT NOINST int __checks_fscanf(int line, FILE *f, const char *format, ...) {
  OPEN(f, "fscanf");
  va_list ap;
  va_start(ap, format);
  int n = vfscanf(f, format, ap);
  va_end(ap);
  return n;
}
EXPORT NOINST size_t __checks_fread(int line, void *p, size_t size, size_t n, FILE *f) {
  OPEN(f, "fread");
  return fread(p, size, n, f);
}
EXPORT NOINST size_t __checks_fwrite(int line, const void *p, size_t size, size_t n, FILE *f) {
  OPEN(f, "fwrite");
  return fwrite(p, size, n, f);
}
EXPORT NOINST int __checks_fclose(int line, FILE *f) { OPEN(f, "fclose"); return fclose(f); }
EXPORT NOINST int __checks_fseek(int line, FILE *f, long offset, int whence) {
  OPEN(f, "fseek");
  return fseek(f, offset, whence);
}
EXPORT NOINST long __checks_ftell(int line, FILE *f) { OPEN(f, "ftell"); return ftell(f); }
EXPORT NOINST void __checks_rewind(int line, FILE *f) { OPEN(f, "rewind"); rewind(f); }
EXPORT NOINST int __checks_feof(int line, FILE *f) { OPEN(f, "feof"); return feof(f); }
EXPORT NOINST int __checks_ferror(int line, FILE *f) { OPEN(f, "ferror"); return ferror(f); }

/* ---- start and end ---------------------------------------------------------------------------------------------- */

NOINST static void report_leaks(void) {
  if (reported) return;
  /* The allocation lines of what leaked, with a count and the bytes of each (the first 8 lines). */
  int lines[8], counts[8];
  uptr bytes[8], leaked_blocks = 0, leaked_bytes = 0;
  int kept = 0;
  for (block *b = live_head; b; b = b->next) {
    if (b->free_line == STARTUP) continue;
    leaked_blocks++, leaked_bytes += b->size;
    int i = 0;
    while (i < kept && lines[i] != b->line) i++;
    if (i == kept) {
      if (kept == 8) continue;
      lines[kept] = b->line, counts[kept] = 0, bytes[kept] = 0, kept++;
    }
    counts[i]++, bytes[i] += b->size;
  }
  if (!leaked_blocks) return;
  begin("leak");
  field_u("blocks", leaked_blocks);
  field_u("bytes", leaked_bytes);
  for (int i = 0; i < kept; i++) {
    field_i("leak_line", lines[i]);
    field_i("leak_count", counts[i]);
    field_u("leak_bytes", bytes[i]);
  }
  send();
}

EXPORT NOINST void __asan_init(void) {
  static int done;
  if (done) return;
  done = 1;
  /* The shadow of the first 4 KB (where a NULL pointer points) and of the shadow itself: never to be used. */
  int8_t *volatile shadow_start = 0;
  memset(shadow_start, POISON_LOW, SHADOW_END >> 3);
  heap_top = (uptr)&__heap_base;
  heap_end = __builtin_wasm_memory_size(0) * 65536;
  poison(heap_top, heap_end - heap_top, POISON_HEAP_UNUSED);
  atexit(report_leaks);
}

/* ---- undefined behaviour (its handlers get the file, line and column from Clang) ----------------------------- */

struct source_location { const char *file; uint32_t line, column; };
struct type_descriptor { uint16_t kind, info; char name[]; };

NOINST static void at(const struct source_location *loc) {
  field_u("line", loc->line);
  field_u("column", loc->column);
}
NOINST static void value(const char *key, const struct type_descriptor *t, uptr handle) {
  if (t->kind != 0) return field(key, "?");
  unsigned bits = 1u << (t->info >> 1);
  int is_signed = t->info & 1;
  uint64_t raw = bits <= sizeof(uptr) * 8 ? (uint64_t)handle : *(uint64_t *)handle;
  if (bits < 64) raw &= ((uint64_t)1 << bits) - 1;
  if (is_signed && bits < 64 && (raw >> (bits - 1)) & 1) raw |= ~(((uint64_t)1 << bits) - 1);
  if (is_signed) field_i(key, (long long)raw);
  else field_u(key, raw);
}
NOINST __attribute__((noreturn)) static void ub(const char *kind, const struct source_location *loc) {
  begin(kind);
  at(loc);
  fatal();
}
#define UB_PAIR(name, ...)                                                                                        \
  EXPORT NOINST void __ubsan_handle_##name __VA_ARGS__                                                            \
  EXPORT NOINST void __ubsan_handle_##name##_abort __VA_ARGS__

struct overflow_data { struct source_location loc; const struct type_descriptor *type; };
NOINST __attribute__((noreturn)) static void overflow(const char *op, struct overflow_data *d, uptr l, uptr r) {
  begin("overflow");
  at(&d->loc);
  field("op", op);
  field("type", d->type->name);
  value("lhs", d->type, l);
  value("rhs", d->type, r);
  fatal();
}
UB_PAIR(add_overflow, (struct overflow_data *d, uptr l, uptr r) { overflow("+", d, l, r); })
UB_PAIR(sub_overflow, (struct overflow_data *d, uptr l, uptr r) { overflow("-", d, l, r); })
UB_PAIR(mul_overflow, (struct overflow_data *d, uptr l, uptr r) { overflow("*", d, l, r); })
UB_PAIR(negate_overflow, (struct overflow_data *d, uptr v) { overflow("negate", d, v, 0); })
UB_PAIR(divrem_overflow, (struct overflow_data *d, uptr l, uptr r) {
  begin("divide");
  at(&d->loc);
  field("type", d->type->name);
  value("lhs", d->type, l);
  value("rhs", d->type, r);
  fatal();
})
struct shift_data { struct source_location loc; const struct type_descriptor *lhs_type, *rhs_type; };
UB_PAIR(shift_out_of_bounds, (struct shift_data *d, uptr l, uptr r) {
  begin("shift");
  at(&d->loc);
  field("type", d->lhs_type->name);
  value("lhs", d->lhs_type, l);
  value("rhs", d->rhs_type, r);
  field_u("bits", 1u << (d->lhs_type->info >> 1));
  fatal();
})
struct bounds_data { struct source_location loc; const struct type_descriptor *array_type, *index_type; };
UB_PAIR(out_of_bounds, (struct bounds_data *d, uptr index) {
  begin("bounds");
  at(&d->loc);
  field("array", d->array_type->name);
  value("index", d->index_type, index);
  fatal();
})
struct mismatch_data { struct source_location loc; const struct type_descriptor *type; uint8_t log_alignment, check_kind; };
UB_PAIR(type_mismatch_v1, (struct mismatch_data *d, uptr pointer) {
  begin(pointer == 0 ? "null" : "misaligned");
  at(&d->loc);
  field("type", d->type->name);
  field_u("check", d->check_kind);
  field_u("addr", pointer);
  field_u("alignment", 1u << d->log_alignment);
  fatal();
})
struct pointer_overflow_data { struct source_location loc; };
UB_PAIR(pointer_overflow, (struct pointer_overflow_data *d, uptr base, uptr result) {
  begin("pointer_overflow");
  at(&d->loc);
  field_u("base", base);
  field_u("result", result);
  fatal();
})
struct loc_only { struct source_location loc; };
EXPORT NOINST void __ubsan_handle_builtin_unreachable(struct loc_only *d) { ub("unreachable", &d->loc); }
EXPORT NOINST void __ubsan_handle_missing_return(struct loc_only *d) { ub("missing_return", &d->loc); }
struct typed_data { struct source_location loc; const struct type_descriptor *type; };
UB_PAIR(vla_bound_not_positive, (struct typed_data *d, uptr bound) {
  begin("vla_bound");
  at(&d->loc);
  value("bound", d->type, bound);
  fatal();
})
UB_PAIR(load_invalid_value, (struct typed_data *d, uptr v) {
  begin("invalid_value");
  at(&d->loc);
  field("type", d->type->name);
  (void)v;
  fatal();
})
struct float_cast_data { struct source_location loc; const struct type_descriptor *from, *to; };
UB_PAIR(float_cast_overflow, (struct float_cast_data *d, uptr v) {
  (void)v;
  begin("float_cast");
  at(&d->loc);
  field("from", d->from->name);
  field("to", d->to->name);
  fatal();
})
struct nonnull_arg_data { struct source_location loc, attr_loc; int arg_index; };
UB_PAIR(nonnull_arg, (struct nonnull_arg_data *d) {
  begin("null_argument");
  at(&d->loc);
  field_i("arg", d->arg_index);
  fatal();
})
struct invalid_builtin_data { struct source_location loc; uint8_t kind; };
UB_PAIR(invalid_builtin, (struct invalid_builtin_data *d) { ub("invalid_builtin", &d->loc); })
struct function_mismatch_data { struct source_location loc; const struct type_descriptor *type; };
UB_PAIR(function_type_mismatch, (struct function_mismatch_data *d, uptr f) {
  (void)f;
  ub("function_type", &d->loc);
})
struct alignment_assumption_data { struct source_location loc, assumption_loc; const struct type_descriptor *type; };
UB_PAIR(alignment_assumption, (struct alignment_assumption_data *d, uptr p, uptr a, uptr o) {
  (void)p, (void)a, (void)o;
  ub("misaligned", &d->loc);
})

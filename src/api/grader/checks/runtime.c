/*
 * The checks runtime: what AddressSanitizer, MemorySanitizer, UndefinedBehaviorSanitizer and -finstrument-functions
 * expect at run time, for students' programs built for WebAssembly (wasm32-wasip1). Clang emits the checks; this
 * file is linked in their place of compiler-rt's runtime, which Clang does not ship for this target.
 *
 * Memory (the linker's --global-base keeps the program above the address shadow; all of it exists from the start):
 *   [0, SHADOW_END)                 address shadow: a byte for each 8 (address >> 3 + CHECKS_ADDRESS_SHADOW_OFFSET)
 *   [SHADOW_END, PROGRAM_END)       the program's data, then its stack, then the heap this allocator hands out
 *   address + DEFINEDNESS_SHADOW    definedness shadow: a bit set for each bit of the program's never written
 *   address + DEFINEDNESS_ORIGIN    origins: for each 4 bytes never written, where they came from
 * An address shadow byte 0 means all 8 bytes may be used, 1..7 the first k, and a negative value none: the value
 * says why (a redzone around a heap block, a freed block, a stack variable's redzone, a global's).
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
#ifndef CHECKS_PROGRAM_END
#define CHECKS_PROGRAM_END (SHADOW_END + 96u * 1024 * 1024)
#endif
#ifndef CHECKS_DEFINEDNESS_SHADOW
#define CHECKS_DEFINEDNESS_SHADOW (96u * 1024 * 1024)
#endif
#ifndef CHECKS_DEFINEDNESS_ORIGIN
#define CHECKS_DEFINEDNESS_ORIGIN (192u * 1024 * 1024)
#endif
#ifndef CHECKS_HEAP_BUDGET
#define CHECKS_HEAP_BUDGET (64u * 1024 * 1024)
#endif
#ifndef CHECKS_ADDRESS_SHADOW_OFFSET
#define CHECKS_ADDRESS_SHADOW_OFFSET (0u - SHADOW_END / 8)
#endif
#define SHADOW_END (CHECKS_MEMORY_BYTES / 8)
/*
 * Clang's mapping, with the build's offset (-asan-mapping-offset): an address below the program (the shadow itself,
 * a NULL pointer's page) has its shadow past the end of the memory, so the program's own check of it is a trap, and
 * no run writes a shadow for that region (5 MB a run, when it was poisoned). The runtime asks shadow_byte.
 */
#define SHADOW(addr) ((int8_t *)(((uptr)(addr) >> 3) + CHECKS_ADDRESS_SHADOW_OFFSET))

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
/* The shadow byte of an address of the memory: below the program, none of the 8 may be used. */
NOINST static int8_t shadow_byte(uptr addr) { return addr < SHADOW_END ? POISON_LOW : *SHADOW(addr); }
NOINST static int addressable(uptr addr) {
  int8_t s = shadow_byte(addr);
  return s == 0 || (s > 0 && (int8_t)(addr & 7) < s);
}
/* The first byte of [addr, addr+size) that may not be used, or 0 if all may. */
NOINST static uptr first_bad(uptr addr, uptr size) {
  if (addr + size < addr || addr + size > CHECKS_MEMORY_BYTES) return addr < SHADOW_END ? addr : CHECKS_MEMORY_BYTES;
  for (uptr a = addr; a < addr + size; a++) {
    if ((a & 7) == 0 && a + 8 <= addr + size && shadow_byte(a) == 0) {
      a += 7;
      continue;
    }
    if (!addressable(a)) return a;
  }
  return 0;
}

/* ---- definedness: which bits the program wrote (MemorySanitizer's shadow and origins) ------------------------- */

/*
 * Clang's MemorySanitizer instrumentation keeps, for each byte of the program, a shadow byte whose set bits are
 * bits never written, and reports a value read from them when it decides something (a branch, an index, an
 * address, a division, a call's argument, a function's result). Stack variables are marked unwritten as they come
 * into scope, by the instrumentation; blocks of the heap here. What the C library writes (scanf's targets, fgets's
 * line) it does not see: those interceptors below mark what they wrote as written.
 */
#define DSHADOW(addr) ((uint8_t *)((uptr)(addr) + CHECKS_DEFINEDNESS_SHADOW))
#define DORIGIN(addr) ((uint32_t *)(((uptr)(addr) + CHECKS_DEFINEDNESS_ORIGIN) & ~(uptr)3))
/* Where unwritten memory came from: 0 nowhere known; a block of the student's (ORIGIN_BLOCK | the line that
   allocated it); or a variable, numbered here with Clang's description of it ("name@function"). */
#define ORIGIN_BLOCK 0x80000000u
#define MAX_VARIABLES 4096
static const char *variable_descriptions[MAX_VARIABLES];
static uint32_t variable_count;

NOINST static int in_program(uptr addr, uptr size) {
  return addr >= SHADOW_END && addr + size >= addr && addr + size <= CHECKS_PROGRAM_END;
}
NOINST static void set_origin(uptr addr, uptr size, uint32_t origin) {
  if (!size || !in_program(addr, size)) return;
  for (uptr w = addr & ~(uptr)3; w < addr + size; w += 4) *DORIGIN(w) = origin;
}
/* [addr, addr+size) holds nothing written yet, from origin. */
NOINST static void undefined(uptr addr, uptr size, uint32_t origin) {
  if (!size || !in_program(addr, size)) return;
  memset(DSHADOW(addr), 0xff, size);
  set_origin(addr, size, origin);
}
/* [addr, addr+size) was written where the instrumentation could not see it: by the C library, or by this file. */
NOINST static void defined(uptr addr, uptr size) {
  if (size && in_program(addr, size)) memset(DSHADOW(addr), 0, size);
}
/* A copy made here or by the C library carries what was written and what was not. */
NOINST static void copy_definedness(uptr to, uptr from, uptr size) {
  if (!size || !in_program(to, size)) return;
  if (!in_program(from, size)) return defined(to, size);
  memmove(DSHADOW(to), DSHADOW(from), size);
  for (uptr i = 0; i < size; i += 4) *DORIGIN(to + i) = *DORIGIN(from + i);
}
/* The first byte of [addr, addr+size) with a bit never written, or 0 when every bit was. */
NOINST static uptr first_undefined(uptr addr, uptr size) {
  if (!size || !in_program(addr, size)) return 0;
  const uint8_t *shadow = DSHADOW(addr);
  for (uptr i = 0; i < size; i++)
    if (shadow[i]) return addr + i;
  return 0;
}

/* ---- the heap ------------------------------------------------------------------------------------------------ */

/* A block: a 40-byte header (in its left redzone), the user's bytes, a right redzone. */
typedef struct block {
  uint32_t magic;
  uint32_t size;
  int32_t line;
  int32_t free_line; /* while live: STARTUP for a block the C library made for itself before the student's code ran */
  struct block *prev, *next; /* live blocks; the quarantine and the free lists use next only */
  struct block *next_reached; /* at the end: the blocks reached but not yet looked inside */
  uint32_t unused;            /* the header stays a multiple of 8 */
  uint32_t capacity;          /* user bytes the block can hold (its size class) */
  uint32_t state;
} block;
enum { MAGIC = 0xc0ffee42u, LIVE = 1, QUARANTINED = 2, FREE = 3 };
enum { STARTUP = -1, FILE_BLOCK = -2 };
/* Set when the student's code first runs (its first function call): what the C library allocated before that, to
   hand main its arguments, is the library's to keep and never reported as a leak. */
static int student_started;
/* Set while fopen runs: the blocks it makes are the file's, freed by fclose, never a leak of the student's. */
static int opening_file;
#define HEADER sizeof(block)
_Static_assert(sizeof(block) % 8 == 0, "a block's header keeps its user bytes 8-aligned");
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
  if (start + total > CHECKS_PROGRAM_END) return 0;
  /* The memory is all there: what the heap has not reached yet is marked unused a megabyte at a time. */
  while (start + total > heap_end) {
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
/* Where standard input's FILE is: the recorder reads how much of what the C library took is still unread in its
   buffer (the FILE's rpos and rend), so "input read so far" is what the program has consumed. */
__attribute__((import_module("trace"), import_name("stdin"))) void __checks_trace_stdin(uptr file);
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
  b->free_line = opening_file ? FILE_BLOCK : student_started == 1 ? 0 : STARTUP;
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
  /* A block of the student's holds nothing until written; one the C library made for itself, it fills itself. */
  if (line > 0) undefined(user, size, ORIGIN_BLOCK | (uint32_t)line);
  else defined(user, size);
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
  if (p) memset(p, 0, total), defined((uptr)p, total);
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
  copy_definedness((uptr)q, (uptr)p, b->size < size ? b->size : size);
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

/* Frames kept off the stack for use after return (see __asan_stack_malloc_N below). */
#define FAKE_CLASSES 11
#define FAKE_SLOTS 8
#define FAKE_FRAME(c) ((uptr)64 << (c))
static uptr fake_region, fake_end;
static uptr fake_base[FAKE_CLASSES];
static uint8_t fake_used[FAKE_CLASSES][FAKE_SLOTS];
static unsigned fake_next[FAKE_CLASSES];

NOINST static uptr fake_frame(unsigned c) {
  /* Frames up to 1 KB (a function's few local arrays): the larger classes' frames stay on the stack (with them, a
     csmith program's live frame was once found marked returned; left for another day). */
  if (c > 4) return 0;
  if (!fake_region) {
    uptr total = 0;
    for (unsigned k = 0; k < FAKE_CLASSES; k++) total += FAKE_SLOTS * FAKE_FRAME(k);
    block *b = carve(total);
    if (!b) return 0;
    fake_region = (uptr)b + HEADER;
    fake_end = fake_region + total;
    for (unsigned k = 0, at = 0; k < FAKE_CLASSES; at += FAKE_SLOTS * FAKE_FRAME(k), k++) fake_base[k] = fake_region + at;
    poison(fake_region, total, POISON_STACK_RETURNED);
  }
  for (unsigned k = 0; k < FAKE_SLOTS; k++) {
    unsigned slot = (fake_next[c] + k) % FAKE_SLOTS;
    /* A frame still running keeps Clang's magic in its first word, whatever its flag says. */
    if (fake_used[c][slot] || *(uint32_t *)(fake_base[c] + slot * FAKE_FRAME(c)) == 0x41B58AB3u) continue;
    fake_used[c][slot] = 1;
    fake_next[c] = slot + 1;
    uptr frame = fake_base[c] + slot * FAKE_FRAME(c);
    *(uint8_t **)(frame + FAKE_FRAME(c) - sizeof(uptr)) = &fake_used[c][slot];
    /* The frame's own code marks its variables and redzones; what it does not cover stays unusable. */
    poison(frame, FAKE_FRAME(c), POISON_STACK_RETURNED);
    return frame;
  }
  return 0;
}
NOINST static void fake_free(unsigned c, uptr frame) {
  if (frame < fake_region || frame >= fake_end) return;
  poison(frame, FAKE_FRAME(c), POISON_STACK_RETURNED);
  fake_used[c][(frame - fake_base[c]) / FAKE_FRAME(c)] = 0;
}
NOINST static int in_fake_stack(uptr addr) { return addr >= fake_region && addr < fake_end; }

/* The stack frame (its description, from Clang) whose redzones or variables hold addr. */
NOINST static const char *frame_around(uptr addr, uptr *frame_base) {
  uptr a = addr & ~(uptr)7;
  for (int i = 0; i < 1 << 16 && a >= SHADOW_END; i++, a -= 8) {
    int8_t s = *SHADOW(a);
    /* A frame's first word: Clang's magic while it runs, another once it has returned (a frame kept aside). */
    uint32_t magic = *(uint32_t *)a;
    if ((s == POISON_STACK_LEFT || s == POISON_STACK_RETURNED) && (magic == 0x41B58AB3u || magic == 0x45E0360Eu)) {
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

/* An address in a stack frame (the stack itself, or a frame kept aside after its function returned). */
NOINST static void describe_stack_address(uptr addr) {
  uptr base;
  const char *frame = frame_around(addr, &base);
  field("where", "stack");
  if (frame) {
    field_u("frame", base);
    field("frame_vars", frame);
    /* The frame's third word is its function (an index of the function table): the runner names it. */
    field_u("frame_function", *(uint32_t *)(base + 2 * sizeof(uptr)));
  }
}

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
  if (in_fake_stack(addr)) {
    describe_stack_address(addr);
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
    describe_stack_address(addr);
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
  field_i("shadow", bad && bad < CHECKS_MEMORY_BYTES ? shadow_byte(bad) : 0);
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
  /* A NULL pointer's first byte is address 0, which first_bad cannot tell from "none". */
  uptr bad = (uptr)p < 4096 ? (uptr)p : first_bad((uptr)p, size);
  if (!bad && (uptr)p >= 4096) return;
  begin("access");
  field("function", function);
  field("access", is_write ? "write" : "read");
  field_u("size", size);
  field_u("first_bad", bad);
  field_i("shadow", bad < CHECKS_MEMORY_BYTES ? shadow_byte(bad) : 0);
  describe_address(bad);
  /* The block the range starts in: what was meant to be written or read. */
  field_u("range", (uptr)p);
  fatal();
}
/* A value read from memory never written decided something: named with where that memory came from. */
NOINST __attribute__((noreturn)) static void used_undefined(uint32_t origin, const char *function) {
  begin("uninit");
  if (function) field("function", function);
  if (origin & ORIGIN_BLOCK) field_i("alloc_line", (int32_t)(origin & ~ORIGIN_BLOCK));
  else if (origin && origin <= variable_count) field("variable", variable_descriptions[origin - 1]);
  fatal();
}
/* A C library function given memory it reads that was never written (a string, a block to copy). */
NOINST static void check_defined(const char *function, const void *p, uptr size) {
  uptr bad = first_undefined((uptr)p, size);
  if (bad) used_undefined(*DORIGIN(bad), function);
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
    if (s[n] == 0) break;
  }
  /* A string's characters decide where it ends: each one read must have been written (valgrind's rule too). */
  check_defined(function, s, n + 1);
  return n;
}

/* ---- definedness: the calls MemorySanitizer's instrumentation makes -------------------------------------------- */

/* The shadows of calls' arguments and results, and their origins (one thread: these are plain globals). */
EXPORT _Thread_local uint64_t __msan_param_tls[100];
EXPORT _Thread_local uint32_t __msan_param_origin_tls[200];
EXPORT _Thread_local uint64_t __msan_retval_tls[100];
EXPORT _Thread_local uint32_t __msan_retval_origin_tls;
EXPORT _Thread_local uint64_t __msan_va_arg_tls[100];
EXPORT _Thread_local uint32_t __msan_va_arg_origin_tls[200];
EXPORT _Thread_local uint64_t __msan_va_arg_overflow_size_tls;
EXPORT _Thread_local uint32_t __msan_origin_tls;

EXPORT NOINST void __msan_init(void) {}
EXPORT NOINST void __msan_warning(void) { used_undefined(0, 0); }
EXPORT NOINST void __msan_warning_noreturn(void) { used_undefined(0, 0); }
EXPORT NOINST void __msan_warning_with_origin(uint32_t origin) { used_undefined(origin, 0); }
EXPORT NOINST void __msan_warning_with_origin_noreturn(uint32_t origin) { used_undefined(origin, 0); }
#define MAYBE(n, type)                                                                                            \
  EXPORT NOINST void __msan_maybe_warning_##n(type shadow, uint32_t origin) {                                     \
    if (shadow) used_undefined(origin, 0);                                                                        \
  }                                                                                                               \
  EXPORT NOINST void __msan_maybe_store_origin_##n(type shadow, void *addr, uint32_t origin) {                     \
    if (shadow) set_origin((uptr)addr, n, origin);                                                                \
  }
MAYBE(1, uint8_t)
MAYBE(2, uint16_t)
MAYBE(4, uint32_t)
MAYBE(8, uint64_t)
/* A stack variable coming into scope (the instrumentation marks it unwritten): its origin names it. */
EXPORT NOINST void __msan_set_alloca_origin_with_descr(void *a, uptr size, uint32_t *id, const char *description) {
  if (!*id && variable_count < MAX_VARIABLES) {
    variable_descriptions[variable_count++] = description;
    *id = variable_count;
  }
  set_origin((uptr)a, size, *id);
}
EXPORT NOINST void __msan_set_alloca_origin_no_descr(void *a, uptr size, uint32_t *id) {
  set_origin((uptr)a, size, *id);
}
EXPORT NOINST uint32_t __msan_chain_origin(uint32_t origin) { return origin; }
EXPORT NOINST void __msan_poison(const void *a, uptr size) { undefined((uptr)a, size, 0); }
EXPORT NOINST void __msan_unpoison(const void *a, uptr size) { defined((uptr)a, size); }
EXPORT NOINST void __msan_unpoison_param(uptr n) { memset(__msan_param_tls, 0, n * sizeof *__msan_param_tls); }
EXPORT NOINST void __msan_instrument_asm_store(void *p, uptr size) { defined((uptr)p, size); }
EXPORT NOINST void __msan_check_mem_is_initialized(const void *p, uptr size) { check_defined(0, p, size); }
/* An argument of printf's `...`, copied by include/stdio.h's macro: the instrumentation cannot follow it there. */
EXPORT NOINST void __checks_defined_argument(const char *function, const void *value, uptr size) {
  uptr bad = first_undefined((uptr)value, size);
  if (!bad) return;
  begin("uninit");
  field("function", function);
  field("argument", "1");
  uint32_t origin = *DORIGIN(bad);
  if (origin & ORIGIN_BLOCK) field_i("alloc_line", (int32_t)(origin & ~ORIGIN_BLOCK));
  else if (origin && origin <= variable_count) field("variable", variable_descriptions[origin - 1]);
  fatal();
}

/* Two ranges a copy reads and writes that overlap: memcpy's (and strcpy's…) result is then undefined. */
NOINST static void check_overlap(const char *function, const void *d, const void *s, uptr dn, uptr sn) {
  uptr a = (uptr)d, b = (uptr)s;
  if (!dn || !sn || a == b || a + dn <= b || b + sn <= a) return;
  begin("overlap");
  field("function", function);
  field_u("to", a);
  field_u("from", b);
  field_u("size", dn < sn ? dn : sn);
  describe_address(a);
  fatal();
}

/* Copies made by the program (memcpy, memmove, memset, and the copies of structs Clang makes with them). */
EXPORT NOINST void *__msan_memcpy(void *d, const void *s, uptr n) {
  check_range("memcpy", s, n, 0);
  check_range("memcpy", d, n, 1);
  check_overlap("memcpy", d, s, n, n);
  copy_definedness((uptr)d, (uptr)s, n);
  return memmove(d, s, n);
}
/* memcpy as the student calls it (include/string.h): a call the compiler cannot turn into plain loads and stores,
   so two overlapping ranges are always seen. */
EXPORT NOINST void *__checks_memcpy(void *d, const void *s, uptr n) { return __msan_memcpy(d, s, n); }
EXPORT NOINST void *__msan_memmove(void *d, const void *s, uptr n) {
  check_range("memmove", s, n, 0);
  check_range("memmove", d, n, 1);
  copy_definedness((uptr)d, (uptr)s, n);
  return memmove(d, s, n);
}
EXPORT NOINST void *__msan_memset(void *d, int c, uptr n) {
  check_range("memset", d, n, 1);
  defined((uptr)d, n);
  return memset(d, c, n);
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
/* Copies n bytes as the C library would, with their definedness (the instrumentation does not see this copy). */
NOINST static void *copy(void *d, const void *s, uptr n) {
  copy_definedness((uptr)d, (uptr)s, n);
  return memmove(d, s, n);
}
/* The length of at most n characters of s, reading no further than memory that may be read (strn*). */
NOINST static uptr checked_strnlen(const char *function, const char *s, uptr n) {
  if (!s && n) checked_strlen(function, s);
  uptr len = 0;
  while (len < n && addressable((uptr)(s + len)) && s[len]) len++;
  if (len < n && !addressable((uptr)(s + len))) check_range(function, s, len + 1, 0);
  check_defined(function, s, len < n ? len + 1 : len);
  return len;
}
EXPORT NOINST char *strcpy(char *d, const char *s) {
  uptr n = checked_strlen("strcpy", s) + 1;
  check_range("strcpy", d, n, 1);
  check_overlap("strcpy", d, s, n, n);
  copy(d, s, n);
  return d;
}
EXPORT NOINST char *strncpy(char *d, const char *s, size_t n) {
  uptr len = checked_strnlen("strncpy", s, n);
  check_range("strncpy", d, n, 1);
  check_overlap("strncpy", d, s, n, len);
  copy(d, s, len);
  memset(d + len, 0, n - len);
  defined((uptr)d + len, n - len);
  return d;
}
EXPORT NOINST char *strcat(char *d, const char *s) {
  uptr dl = checked_strlen("strcat", d), sl = checked_strlen("strcat", s);
  check_range("strcat", d + dl, sl + 1, 1);
  check_overlap("strcat", d, s, dl + sl + 1, sl + 1);
  copy(d + dl, s, sl + 1);
  return d;
}
EXPORT NOINST char *strncat(char *d, const char *s, size_t n) {
  uptr dl = checked_strlen("strncat", d), sl = checked_strnlen("strncat", s, n);
  check_range("strncat", d + dl, sl + 1, 1);
  check_overlap("strncat", d, s, dl + sl + 1, sl);
  copy(d + dl, s, sl);
  d[dl + sl] = 0;
  defined((uptr)d + dl + sl, 1);
  return d;
}
EXPORT NOINST int strcmp(const char *a, const char *b) {
  checked_strlen("strcmp", a);
  checked_strlen("strcmp", b);
  while (*a && *a == *b) a++, b++;
  return (unsigned char)*a - (unsigned char)*b;
}
EXPORT NOINST int strncmp(const char *a, const char *b, size_t n) {
  checked_strnlen("strncmp", a, n);
  checked_strnlen("strncmp", b, n);
  for (; n && *a && *a == *b; n--) a++, b++;
  return n ? (unsigned char)*a - (unsigned char)*b : 0;
}
/* strdup and strndup allocate: the checks' string.h passes the student's line, for a leak's words. */
EXPORT NOINST char *__checks_strdup(int line, const char *s) {
  uptr n = checked_strlen("strdup", s) + 1;
  char *d = __checks_malloc(line, n);
  return d ? copy(d, s, n) : 0;
}
EXPORT NOINST char *strdup(const char *s) { return __checks_strdup(0, s); }
EXPORT NOINST char *__checks_strndup(int line, const char *s, size_t n) {
  uptr len = checked_strnlen("strndup", s, n);
  char *d = __checks_malloc(line, len + 1);
  if (!d) return 0;
  copy(d, s, len);
  d[len] = 0;
  defined((uptr)d + len, 1);
  return d;
}
EXPORT NOINST char *strndup(const char *s, size_t n) { return __checks_strndup(0, s, n); }
EXPORT NOINST char *strchr(const char *s, int c) {
  uptr n = checked_strlen("strchr", s);
  for (uptr i = 0; i <= n; i++)
    if (s[i] == (char)c) return (char *)s + i;
  return 0;
}
EXPORT NOINST char *strrchr(const char *s, int c) {
  uptr n = checked_strlen("strrchr", s);
  for (uptr i = n + 1; i-- > 0;)
    if (s[i] == (char)c) return (char *)s + i;
  return 0;
}
EXPORT NOINST char *strstr(const char *h, const char *needle) {
  uptr hn = checked_strlen("strstr", h), nn = checked_strlen("strstr", needle);
  for (uptr i = 0; i + nn <= hn; i++) {
    uptr j = 0;
    while (j < nn && h[i + j] == needle[j]) j++;
    if (j == nn) return (char *)h + i;
  }
  return 0;
}
/* strtok keeps where it stopped: the next call with NULL goes on from there. */
static char *strtok_next;
EXPORT NOINST char *strtok(char *s, const char *delimiters) {
  checked_strlen("strtok", delimiters);
  if (!s) s = strtok_next;
  if (!s) return 0;
  checked_strlen("strtok", s);
  while (*s && strchr(delimiters, *s)) s++;
  if (!*s) return strtok_next = 0;
  char *token = s;
  while (*s && !strchr(delimiters, *s)) s++;
  if (*s) *s++ = 0;
  strtok_next = s;
  return token;
}
EXPORT NOINST size_t strspn(const char *s, const char *accept) {
  checked_strlen("strspn", s);
  checked_strlen("strspn", accept);
  size_t n = 0;
  while (s[n] && strchr(accept, s[n])) n++;
  return n;
}
EXPORT NOINST size_t strcspn(const char *s, const char *reject) {
  checked_strlen("strcspn", s);
  checked_strlen("strcspn", reject);
  size_t n = 0;
  while (s[n] && !strchr(reject, s[n])) n++;
  return n;
}
EXPORT NOINST int memcmp(const void *a, const void *b, size_t n) {
  check_range("memcmp", a, n, 0);
  check_range("memcmp", b, n, 0);
  const unsigned char *x = a, *y = b;
  for (size_t i = 0; i < n; i++)
    if (x[i] != y[i]) {
      /* The bytes compared up to the first difference decided the answer: each must have been written. */
      check_defined("memcmp", a, i + 1);
      check_defined("memcmp", b, i + 1);
      return x[i] - y[i];
    }
  check_defined("memcmp", a, n);
  check_defined("memcmp", b, n);
  return 0;
}
EXPORT NOINST void *memchr(const void *s, int c, size_t n) {
  const unsigned char *p = s;
  for (size_t i = 0; i < n; i++) {
    check_range("memchr", p + i, 1, 0);
    check_defined("memchr", p + i, 1);
    if (p[i] == (unsigned char)c) return (void *)(p + i);
  }
  return 0;
}

/*
 * printf's %s reads a string to its NUL: each one is checked before the C library prints them, its characters
 * written and, for sprintf, not where the result goes ([to, to + to_size), to_size 0 for none).
 */
NOINST static void check_format(const char *function, const char *format, va_list ap, const char *to, uptr to_size) {
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
        check_defined(function, s, precision >= 0 && n == (uptr)precision ? n : n + 1);
        check_overlap(function, to, s, to_size, n + 1);
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
  check_format("printf", format, check, 0, 0);
  va_end(check);
  int n = vprintf(format, ap);
  va_end(ap);
  return n;
}
EXPORT NOINST int fprintf(FILE *out, const char *format, ...) {
  va_list ap, check;
  va_start(ap, format);
  va_copy(check, ap);
  check_format("fprintf", format, check, 0, 0);
  va_end(check);
  int n = vfprintf(out, format, ap);
  va_end(ap);
  return n;
}
EXPORT NOINST int sprintf(char *d, const char *format, ...) {
  va_list ap, check, count;
  va_start(ap, format);
  va_copy(check, ap);
  va_copy(count, ap);
  int n = vsnprintf(0, 0, format, count);
  va_end(count);
  check_format("sprintf", format, check, d, n >= 0 ? (uptr)n + 1 : 0);
  va_end(check);
  if (n >= 0) check_range("sprintf", d, (uptr)n + 1, 1);
  n = vsprintf(d, format, ap);
  va_end(ap);
  if (n >= 0) defined((uptr)d, (uptr)n + 1);
  return n;
}
EXPORT NOINST int snprintf(char *d, size_t size, const char *format, ...) {
  va_list ap, check;
  va_start(ap, format);
  va_copy(check, ap);
  check_format("snprintf", format, check, d, size);
  va_end(check);
  check_range("snprintf", d, size, 1);
  int n = vsnprintf(d, size, format, ap);
  va_end(ap);
  if (size) defined((uptr)d, n < 0 ? 0 : (uptr)n + 1 < size ? (uptr)n + 1 : size);
  return n;
}
EXPORT NOINST int puts(const char *s) {
  checked_strlen("puts", s);
  return fputs(s, stdout) < 0 ? EOF : putchar('\n');
}

/*
 * What scanf wrote: each target of a conversion that was assigned, by the size the conversion writes (an int for
 * %d, a double for %lf, the word and its NUL for %s), checked as soon as the call returns, at the student's line,
 * and marked written. %s and %[ write a word of the input whatever room there is, so their size is known only then.
 */
NOINST static void check_scanned(const char *function, const char *format, va_list ap, int assigned) {
  /* Before the call (assigned < 0): only that no target is NULL, which the C library would skip without a word. */
  int before = assigned < 0, index = 0;
  for (const char *f = format; *f && (before || index < assigned); f++) {
    if (*f != '%') continue;
    f++;
    if (*f == '%') continue;
    int skip = *f == '*';
    if (skip) f++;
    unsigned width = 0;
    while (*f >= '0' && *f <= '9') width = width * 10 + (unsigned)(*f++ - '0');
    int h = 0, l = 0, wide = 0;
    for (;; f++) {
      if (*f == 'h') h++;
      else if (*f == 'l') l++;
      else if (*f == 'L' || *f == 'q' || *f == 'j') wide = 1;
      else if (!(*f == 'z' || *f == 't')) break;
    }
    if (*f == '[') {
      f++;
      if (*f == '^') f++;
      if (*f == ']') f++;
      while (*f && *f != ']') f++;
      if (!*f) return;
    }
    if (!*f) return;
    if (skip) continue;
    void *target = va_arg(ap, void *);
    if (before) {
      if ((uptr)target < 4096) check_range(function, target, 1, 1);
      continue;
    }
    uptr size;
    switch (*f) {
      case 's': case '[': {
        /* Read only where it may: a target in memory it may not use is reported at its first byte. */
        check_range(function, target, 1, 1);
        uptr written = length_of(target) + 1;
        /* With a width, the room the conversion may need, whatever this input's word was (AddressSanitizer's rule):
           `%31s` needs 32 chars of room. */
        size = width && width + 1 > written ? width + 1 : written;
        break;
      }
      case 'c': size = width ? width : 1; break;
      case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'n':
        size = wide || l >= 2 ? 8 : h >= 2 ? 1 : h == 1 ? 2 : 4;
        break;
      case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
        size = wide ? 16 : l ? 8 : 4;
        break;
      case 'p': size = sizeof(void *); break;
      default: return;
    }
    check_range(function, target, size, 1);
    defined((uptr)target, *f == 's' || *f == '[' ? length_of(target) + 1 : size);
    if (*f != 'n') index++;
  }
}
EXPORT NOINST int scanf(const char *format, ...) {
  va_list ap, check;
  va_start(ap, format);
  checked_strlen("scanf", format);
  va_copy(check, ap);
  check_scanned("scanf", format, check, -1);
  va_end(check);
  va_copy(check, ap);
  int n = vscanf(format, ap);
  check_scanned("scanf", format, check, n);
  va_end(check);
  va_end(ap);
  return n;
}
EXPORT NOINST int fscanf(FILE *in, const char *format, ...) {
  va_list ap, check;
  va_start(ap, format);
  checked_strlen("fscanf", format);
  va_copy(check, ap);
  check_scanned("fscanf", format, check, -1);
  va_end(check);
  va_copy(check, ap);
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
  check_scanned("sscanf", format, check, -1);
  va_end(check);
  va_copy(check, ap);
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
  defined((uptr)s, (uptr)i + 1);
  return r;
}

/* ---- the stack: Clang's frames, use after scope, alloca ----------------------------------------------------- */

/*
 * Use after return: a function whose variables' addresses escape gets its frame from here (Clang asks when this
 * option is on), a slot of its size class that stays unused for a while after the function returns, marked
 * returned: a pointer to one of its variables kept past the return is caught where it is used. Each class has a few
 * slots, taken in turn; when all are in use (a deep recursion) the frame is on the real stack as usual. Clang's code
 * frees a small frame itself, by clearing the flag whose address the frame's last word holds.
 */
EXPORT int __asan_option_detect_stack_use_after_return = 1;
EXPORT int __asan_option_detect_stack_use_after_scope = 1;
#define STACK_MALLOC(n)                                                                                           \
  EXPORT NOINST uptr __asan_stack_malloc_##n(uptr size) { (void)size; return fake_frame(n); }                    \
  EXPORT NOINST uptr __asan_stack_malloc_always_##n(uptr size) { (void)size; return fake_frame(n); }             \
  EXPORT NOINST void __asan_stack_free_##n(uptr p, uptr size) { (void)size, fake_free(n, p); }
STACK_MALLOC(0) STACK_MALLOC(1) STACK_MALLOC(2) STACK_MALLOC(3) STACK_MALLOC(4) STACK_MALLOC(5) STACK_MALLOC(6)
STACK_MALLOC(7) STACK_MALLOC(8) STACK_MALLOC(9) STACK_MALLOC(10)
#define SET_SHADOW(v)                                                                                             \
  EXPORT NOINST void __asan_set_shadow_##v(uptr addr, uptr size) { memset((void *)addr, 0x##v, size); }
SET_SHADOW(00) SET_SHADOW(01) SET_SHADOW(02) SET_SHADOW(03) SET_SHADOW(04) SET_SHADOW(05) SET_SHADOW(06)
SET_SHADOW(07) SET_SHADOW(f1) SET_SHADOW(f2) SET_SHADOW(f3) SET_SHADOW(f5) SET_SHADOW(f8)
EXPORT NOINST void __asan_poison_stack_memory(uptr addr, uptr size) { poison(addr, size, POISON_STACK_SCOPE); }
EXPORT NOINST void __asan_unpoison_stack_memory(uptr addr, uptr size) { unpoison(addr, size); }
/* The stack is stopped this far above its end (the program's data lies below it). */
#define STACK_MARGIN (64u * 1024)
NOINST __attribute__((noreturn)) static void stack_ran_out(const char *reason) {
  begin("stack_overflow");
  field("reason", reason);
  fatal();
}
EXPORT NOINST void __asan_alloca_poison(uptr addr, uptr size) {
  /* A variable-length array (or alloca) larger than the stack left: named as such, before its shadow is marked. */
  if (addr < (uptr)&__stack_low + STACK_MARGIN || addr + size < addr) stack_ran_out("array");
  unpoison(addr, size);
  uptr tail = (addr + size + 7) & ~(uptr)7;
  poison(tail, 32, POISON_ALLOCA);
  poison(addr - 32, 32, POISON_ALLOCA);
}
/*
 * A function's variable-length arrays (and alloca's blocks) end with it: marked returned, not usable, so a pointer to
 * one kept past the return is caught where it is used. The next frames there mark their own variables as they start.
 */
EXPORT NOINST void __asan_allocas_unpoison(uptr top, uptr bottom) {
  /* top is 0 when the function made none (it returned before its first): there is nothing to mark then. */
  if (top && bottom > top) memset(SHADOW(top), POISON_STACK_RETURNED, (bottom - top) >> 3);
}
EXPORT NOINST void __asan_handle_no_return(void) {}
EXPORT NOINST void __asan_version_mismatch_check_v8(void) {}
EXPORT NOINST void __asan_before_dynamic_init(const char *m) { (void)m; }
EXPORT NOINST void __asan_after_dynamic_init(void) {}

/* ---- calls: whether the stack still has room ----------------------------------------------------------------- */

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

/*
 * Clang calls this on entering each of the student's functions (-finstrument-function-entry-bare). A recursion that
 * keeps its variables in memory runs the program's stack down into its data: stopped here, 64 KB before that. One
 * that needs no memory runs the engine's own stack out instead; the host names both, from the calls on the stack.
 */
EXPORT NOINST void __cyg_profile_func_enter_bare(void) {
  char here;
  if (!student_started) {
    student_started = -1;
    set_up_library();
    student_started = 1;
  }
  if ((uptr)&here < (uptr)&__stack_low + STACK_MARGIN) stack_ran_out("stack");
}

/* ---- files: the C library's calls on a FILE, checked for the NULL of a failed fopen -------------------------- */

NOINST static void null_file(int line, const char *function) {
  begin("null_file");
  field("function", function);
  field_i("line", line);
  fatal();
}

/* The files the student opened: where, and where closed (0 while open). */
#define MAX_FILES 64
static struct opened { FILE *file; int line, closed_line; } opened[MAX_FILES];
static int opened_count;
NOINST static struct opened *opened_file(FILE *f) {
  for (int i = opened_count - 1; i >= 0; i--)
    if (opened[i].file == f) return &opened[i];
  return 0;
}
/* A FILE * used after fclose: its memory is gone, whatever the C library would do with it. */
NOINST static void check_file(int line, FILE *f, const char *function) {
  if (!f) null_file(line, function);
  struct opened *o = opened_file(f);
  if (!o || !o->closed_line) return;
  begin("file_closed");
  field("function", function);
  field_i("line", line);
  field_i("open_line", o->line);
  field_i("closed_line", o->closed_line);
  fatal();
}
#define OPEN(file, name) check_file(line, file, name)

EXPORT NOINST FILE *__checks_fopen(int line, const char *name, const char *mode) {
  checked_strlen("fopen", name);
  checked_strlen("fopen", mode);
  opening_file = 1;
  FILE *f = fopen(name, mode);
  opening_file = 0;
  if (!f) return 0;
  struct opened *o = opened_file(f);
  if (!o && opened_count < MAX_FILES) o = &opened[opened_count++];
  if (o) o->file = f, o->line = line, o->closed_line = 0;
  return f;
}

EXPORT NOINST int __checks_fgetc(int line, FILE *f) { OPEN(f, "fgetc"); return fgetc(f); }
EXPORT NOINST int __checks_getc(int line, FILE *f) { OPEN(f, "getc"); return getc(f); }
EXPORT NOINST char *__checks_fgets(int line, char *s, int n, FILE *f) { OPEN(f, "fgets"); return fgets(s, n, f); }
EXPORT NOINST int __checks_fputc(int line, int c, FILE *f) { OPEN(f, "fputc"); return fputc(c, f); }
EXPORT NOINST int __checks_putc(int line, int c, FILE *f) { OPEN(f, "putc"); return putc(c, f); }
EXPORT NOINST int __checks_fputs(int line, const char *s, FILE *f) { OPEN(f, "fputs"); return fputs(s, f); }
EXPORT NOINST int __checks_fprintf(int line, FILE *f, const char *format, ...) {
  OPEN(f, "fprintf");
  va_list ap, check;
  va_start(ap, format);
  va_copy(check, ap);
  check_format("fprintf", format, check, 0, 0);
  va_end(check);
  int n = vfprintf(f, format, ap);
  va_end(ap);
  return n;
}
EXPORT NOINST int __checks_fscanf(int line, FILE *f, const char *format, ...) {
  OPEN(f, "fscanf");
  checked_strlen("fscanf", format);
  va_list ap, check;
  va_start(ap, format);
  va_copy(check, ap);
  check_scanned("fscanf", format, check, -1);
  va_end(check);
  va_copy(check, ap);
  int n = vfscanf(f, format, ap);
  check_scanned("fscanf", format, check, n);
  va_end(check);
  va_end(ap);
  return n;
}
EXPORT NOINST size_t __checks_fread(int line, void *p, size_t size, size_t n, FILE *f) {
  OPEN(f, "fread");
  size_t total;
  if (__builtin_mul_overflow(size, n, &total)) total = (size_t)-1;
  size_t read = fread(p, size, n, f);
  /* What the file had, read into memory that may not hold it: named at the call (as AddressSanitizer does). */
  check_range("fread", p, read * size, 1);
  defined((uptr)p, read * size);
  return read;
}
EXPORT NOINST size_t __checks_fwrite(int line, const void *p, size_t size, size_t n, FILE *f) {
  OPEN(f, "fwrite");
  size_t total;
  if (__builtin_mul_overflow(size, n, &total)) total = (size_t)-1;
  check_range("fwrite", p, total, 0);
  check_defined("fwrite", p, total);
  return fwrite(p, size, n, f);
}
EXPORT NOINST int __checks_fclose(int line, FILE *f) {
  OPEN(f, "fclose");
  struct opened *o = opened_file(f);
  if (o) o->closed_line = line;
  return fclose(f);
}
EXPORT NOINST int __checks_fseek(int line, FILE *f, long offset, int whence) {
  OPEN(f, "fseek");
  return fseek(f, offset, whence);
}
EXPORT NOINST long __checks_ftell(int line, FILE *f) { OPEN(f, "ftell"); return ftell(f); }
EXPORT NOINST void __checks_rewind(int line, FILE *f) { OPEN(f, "rewind"); rewind(f); }
EXPORT NOINST int __checks_feof(int line, FILE *f) { OPEN(f, "feof"); return feof(f); }
EXPORT NOINST int __checks_ferror(int line, FILE *f) { OPEN(f, "ferror"); return ferror(f); }

/* ---- start and end ---------------------------------------------------------------------------------------------- */

/*
 * Which live blocks the program can still reach at its end (as valgrind's memcheck decides): from its globals and
 * what is left of its stack (exit() called in a function keeps its callers' variables), then from inside every block
 * reached. A block reached is "still reachable", mentioned; one that is not is lost, a leak.
 */
#define REACHED 0x80000000u
NOINST static void reach_from(uptr from, uptr to, block **worklist) {
  for (uptr a = (from + 3) & ~(uptr)3; a + 4 <= to; a += 4) {
    uptr value = *(uint32_t *)a;
    if (value < (uptr)&__heap_base || value >= heap_top) continue;
    block *b = block_around(value);
    if (!b || b->state != LIVE || value < (uptr)b + HEADER) continue;
    b->state |= REACHED;
    b->next_reached = *worklist;
    *worklist = b;
  }
}
NOINST static void mark_reachable(void) {
  block *worklist = 0;
  char here;
  reach_from(SHADOW_END, (uptr)&__data_end, &worklist);
  reach_from((uptr)&here, (uptr)&__stack_high, &worklist);
  while (worklist) {
    block *b = worklist;
    worklist = b->next_reached;
    uptr user = (uptr)b + HEADER;
    reach_from(user, user + b->size, &worklist);
  }
}

NOINST static void report_leaks(void) {
  if (reported) return;
  mark_reachable();
  /* The allocation lines of what leaked, with a count and the bytes of each (the first 8 lines). */
  int lines[8], counts[8];
  uptr bytes[8], leaked_blocks = 0, leaked_bytes = 0, reachable_blocks = 0, reachable_bytes = 0;
  int kept = 0;
  for (block *b = live_head; b; b = b->next) {
    int reached = (b->state & REACHED) != 0;
    b->state &= ~REACHED;
    if (b->free_line == STARTUP || b->free_line == FILE_BLOCK) continue;
    if (reached) {
      reachable_blocks++, reachable_bytes += b->size;
      continue;
    }
    leaked_blocks++, leaked_bytes += b->size;
    int i = 0;
    while (i < kept && lines[i] != b->line) i++;
    if (i == kept) {
      if (kept == 8) continue;
      lines[kept] = b->line, counts[kept] = 0, bytes[kept] = 0, kept++;
    }
    counts[i]++, bytes[i] += b->size;
  }
  for (int i = 0; i < opened_count; i++) {
    if (opened[i].closed_line) continue;
    begin("file_open");
    field_i("open_line", opened[i].line);
    send();
  }
  if (reachable_blocks) {
    begin("reachable");
    field_u("blocks", reachable_blocks);
    field_u("bytes", reachable_bytes);
    send();
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
  heap_top = (uptr)&__heap_base;
  heap_end = (heap_top + 2 * 16 * 65536) & ~(uptr)(16 * 65536 - 1);
  poison(heap_top, heap_end - heap_top, POISON_HEAP_UNUSED);
  atexit(report_leaks);
#ifdef CHECKS_TRACE
  __checks_trace_stdin((uptr)stdin);
#endif
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

/**
 * How a student's program is built and what a build may use: the checked program's memory layout, the flags of
 * each build (checked, with origins, light, plain, to be stepped through), and the compile processes' caps.
 */
import { EXERCISE_LIMITS } from '../../contracts/exercises/limits.js';

/**
 * The memory of a checked program (docs/decisions/019), laid out for both sets of checks, and all there from the
 * start (the shadows must exist wherever the program's memory might be):
 *   [0, ADDRESS_SHADOW)                              AddressSanitizer's shadow: one byte says which of 8 may be used
 *                                                    (of the program and above it; below it, see the offset)
 *   [ADDRESS_SHADOW, ADDRESS_SHADOW + PROGRAM)       the program: its data, stack and heap
 *   [... + PROGRAM, ... + 2 PROGRAM)                 MemorySanitizer's shadow: which bits were ever written
 *   [... + 2 PROGRAM, ... + 3 PROGRAM)               MemorySanitizer's origins: where unwritten memory came from
 * Memory the program never touches costs nothing: the engine maps it lazily.
 */
const PROGRAM_MEMORY_BYTES = 96 * 1024 * 1024;
/** The whole memory, a multiple of 64 KiB pages: an eighth of it is the address shadow, the rest three programs. */
const CHECKED_MEMORY_BYTES = 336 * 1024 * 1024;
const ADDRESS_SHADOW_BYTES = CHECKED_MEMORY_BYTES / 8;
/**
 * AddressSanitizer's shadow of an address is an eighth of it plus this, wrapping at 4 GB: the program's memory
 * (from ADDRESS_SHADOW up) maps to the start of the memory, and what lies below the program (the shadow itself, a
 * NULL pointer's page) maps past its end. An access there is a trap at its line, as an access past the memory is,
 * where with Clang's mapping (address >> 3) every run wrote 5 MB of shadow to forbid that region, about a quarter of
 * a short checked run's CPU time (docs/decisions/042).
 */
const ADDRESS_SHADOW_OFFSET = 2 ** 32 - ADDRESS_SHADOW_BYTES / 8;
/** MemorySanitizer's shadow of an address is the address plus this; its origin, plus the next, rounded down to 4. */
export const DEFINEDNESS_SHADOW_OFFSET = PROGRAM_MEMORY_BYTES;
const DEFINEDNESS_ORIGIN_OFFSET = 2 * PROGRAM_MEMORY_BYTES;

/**
 * A CodeRunner question's program is held to Jobe's rules for C (`gcc -Wall -Werror -std=c99`): C99, and a
 * warning of -Wall is an error, so code Moodle refused is refused here too (Clang's -Wall, not -Wextra's more).
 * Clang's -Wall is not gcc's: gcc refuses `printf("")`, Clang does not (test/coderunner/known-gaps.json).
 */
export const JOBE_LANGUAGE_FLAGS: Record<string, string[]> = { '-std=c17': ['-std=c99'], '-Wextra': ['-Werror'] };

/** The language and its warnings, the same in every build of a student's program. */
const LANGUAGE_FLAGS = ['-std=c17', '-Wall', '-Wextra', '-fno-color-diagnostics'];

/**
 * How programs are built (docs/decisions/019): with AddressSanitizer's, MemorySanitizer's and
 * UndefinedBehaviorSanitizer's checks, stopped at the first problem (-fno-sanitize-recover), a call to the checks
 * runtime on entering each function (to catch a stack that runs out), debug information (to name lines), and the
 * data above the address shadow (--global-base). Unoptimised, as a student's native build and valgrind see the
 * program: every branch the student wrote is a branch (optimised, `if (a[i] > best) best = a[i]` becomes a max, and
 * a value never set would be named only where it is printed), every function keeps its own frame (a returned local
 * stays caught), and Run and Step through build the same program.
 */
export const COMPILE_FLAGS = [
  ...LANGUAGE_FLAGS,
  '-O0',
  '-g',
  '-fsanitize=address,undefined',
  '-fno-sanitize-recover=all',
  '-mllvm',
  `-asan-mapping-offset=0x${ADDRESS_SHADOW_OFFSET.toString(16)}`,
  // Values read before they were written (decision 019): MemorySanitizer's instrumentation, which Clang's driver
  // does not offer for WebAssembly, asked of the compiler itself with the layout above; the runtime is ours.
  '-Xclang',
  '-fsanitize=memory',
  // As the driver would ask: a function's arguments and result are checked where they are passed (an unset value
  // passed to a function is named at the call), so a function's own code reads no shadows of its parameters.
  '-mllvm',
  '-msan-eager-checks=1',
  // Variables keep their names in the build, so a value never set is told by the variable it came from.
  '-fno-discard-value-names',
  '-mllvm',
  '-msan-and-mask=0',
  '-mllvm',
  '-msan-xor-mask=0',
  '-mllvm',
  `-msan-shadow-base=${DEFINEDNESS_SHADOW_OFFSET}`,
  '-finstrument-function-entry-bare',
  // A recursion stays a recursion (no call turned into a jump): one that never ends runs out of stack and is named
  // with its function, where as a loop it would only run out of time.
  '-fno-optimize-sibling-calls',
  // The function table is exported, so a report can name the function a stack frame belongs to.
  '-Wl,--export-table',
  `-Wl,--initial-memory=${CHECKED_MEMORY_BYTES}`,
  `-Wl,--max-memory=${CHECKED_MEMORY_BYTES}`,
  // The memory shared (docs/decisions/043): V8 counts no shared memory against the heap of the worker that runs it,
  // where a fresh 336 MB counted so brought a full collection of that heap with every run, about a third of a
  // grading's CPU. The run worker collects by the memory its runs touched instead (run-worker.ts). The linker then
  // copies the data in from the start function, and asks that every object be built for threads: the C library is
  // not, and nothing here uses threads (a program's memory is never given to another), so the linker's check of the
  // objects' features is off (all of it: every object here is built by this toolchain for this one target).
  '-Wl,--shared-memory',
  '-Wl,--no-check-features',
  `-Wl,-z,stack-size=${EXERCISE_LIMITS.stackBytes}`,
  `-Wl,--global-base=${ADDRESS_SHADOW_BYTES}`,
];

/**
 * The checks with where each value never set came from (its variable, or the line that allocated its block): the
 * origins cost a large program two or three times the build, so they are built only for a program whose run used
 * such a value, to tell it in full (Run's and Step through's alike).
 */
export const ORIGINS_COMPILE_FLAGS = [
  ...COMPILE_FLAGS,
  '-Xclang',
  '-fsanitize-memory-track-origins=1',
  '-mllvm',
  `-msan-origin-base=${DEFINEDNESS_ORIGIN_OFFSET}`,
];

/**
 * A program too large for the definedness checks' build within a compile's CPU cap (64 KB of dense code can be) is
 * built with the other checks only, optimised, in one step, and told so.
 */
/** A program at least this long whose checked build passes a compile's cap is built again lightly. */
export const LIGHT_FROM_BYTES = 8 * 1024;
const DEFINEDNESS_FLAG = /^-fsanitize=memory$|^-fsanitize-memory-|^-msan-/;
export const LIGHT_COMPILE_FLAGS = COMPILE_FLAGS.filter(
  (flag, index, all) =>
    !DEFINEDNESS_FLAG.test(flag) &&
    !(['-Xclang', '-mllvm'].includes(flag) && DEFINEDNESS_FLAG.test(all[index + 1] ?? '')),
).map((flag) => (flag === '-O0' ? '-O1' : flag));

/**
 * A plain build, as programs were built before the checks: the grader's second try when a checked run ran out of
 * time, or of memory only because of the checks' own overhead, so a correct solution is never failed by the checks.
 */
export const PLAIN_COMPILE_FLAGS = [
  ...LANGUAGE_FLAGS,
  '-O1',
  `-Wl,--max-memory=${EXERCISE_LIMITS.memoryMaxBytes}`,
  `-Wl,-z,stack-size=${EXERCISE_LIMITS.stackBytes}`,
];

/**
 * A build to be stepped through (trace/instrument.ts): the checks as for Run, which is unoptimised, so every
 * variable lives in memory where the recorder can read it. Without origins, as Run: "not set" is read from the
 * definedness shadow, which every checked build has; a traced run that used a value never set is built and recorded
 * again with them (trace-run.ts). Origins cost the 10,000-step bench program about 80 ms of its 470.
 */
export const TRACE_COMPILE_FLAGS = [...COMPILE_FLAGS];
/** A build to be stepped through that says where a value never set came from. */
export const TRACE_ORIGINS_COMPILE_FLAGS = [...ORIGINS_COMPILE_FLAGS];

/** The checks runtime (checks/runtime.c) itself: optimised, unchecked, told the memory's layout. */
export const RUNTIME_FLAGS = [
  '-std=c17',
  '-O2',
  // Freestanding in this: its own loops stay loops, never calls to the strlen or memcpy it checks (a report must
  // name the student's call, not one of the runtime's).
  '-fno-builtin',
  '-fno-color-diagnostics',
  `-DCHECKS_MEMORY_BYTES=${CHECKED_MEMORY_BYTES}u`,
  `-DCHECKS_PROGRAM_END=${ADDRESS_SHADOW_BYTES + PROGRAM_MEMORY_BYTES}u`,
  `-DCHECKS_ADDRESS_SHADOW_OFFSET=${ADDRESS_SHADOW_OFFSET}u`,
  `-DCHECKS_DEFINEDNESS_SHADOW=${DEFINEDNESS_SHADOW_OFFSET}u`,
  `-DCHECKS_DEFINEDNESS_ORIGIN=${DEFINEDNESS_ORIGIN_OFFSET}u`,
  `-DCHECKS_HEAP_BUDGET=${EXERCISE_LIMITS.memoryMaxBytes}u`,
];
/** The runtime of a build to be stepped through: it also tells the recorder of each block. */
export const TRACE_RUNTIME_FLAGS = [...RUNTIME_FLAGS, '-DCHECKS_TRACE'];

/**
 * What one compile may use. Measured on the 2-core bench machine, warm: a 160-line student program takes about
 * 0.4 s of CPU and under 32 MB of Clang's memory; a 64 KB file (the most a student may send) of dense functions
 * takes 2.2–3.7 s and still under 32 MB. A macro that doubles 40 times grows Clang's memory without end (4 GB
 * and 10 minutes unbounded). A 60 MB initialised array builds in about 3 s of CPU, the compile process at 0.8 GB,
 * into a program of 60 MB: past the build's cap.
 */
export const COMPILE_LIMITS = {
  /** CPU time of Clang's thread per compile. */
  cpuMs: 5000,
  /** Wall-clock time per compile (reached only when the machine is starved of CPU). */
  wallMs: 30_000,
  /** Clang's WebAssembly memory: V8 refuses to grow it further, and Clang stops with "out of memory". */
  clangMemoryMb: 256,
  /**
   * The compile process's JavaScript heap (Clang's files and output live there; it needs about 15 MB). A build to
   * be stepped through also holds the program's syntax tree as text (about 1.7 MB for one that includes stdio.h and
   * stdlib.h) and its own declarations parsed: at 64 MB, parsing the whole tree ran out now and then.
   */
  jsHeapMb: 96,
  /** The whole compile process (Clang's compiled code is about 450 MB of it): past this it is killed. */
  processRssBytes: 1024 * 1024 * 1024,
  /**
   * The built program (a course program's checked build is 80–300 KB; its initialised data is in it, byte for byte):
   * a larger one is refused as too large, whatever the machine's speed, never carried to the grader and its runs.
   */
  buildMaxBytes: 32 * 1024 * 1024,
} as const;

/**
 * V8 flags of each compile process: Clang's memory in 64 KiB WebAssembly pages, a small JS heap, gc() to hand back
 * memory, and Clang's code compiled by V8's baseline compiler (Liftoff) only. Optimising Clang's hot functions
 * again (TurboFan) cost a new process about 8 s of CPU on its first compile, and compiles after it were no faster:
 * 80 compiles of the C corpus took 506 ms each at the end with Liftoff alone, 491 ms with both.
 */
export function compileProcessFlags(clangMemoryMb: number = COMPILE_LIMITS.clangMemoryMb): string[] {
  return [
    `--wasm-max-mem-pages=${Math.floor((clangMemoryMb * 1024 * 1024) / 65536)}`,
    `--max-old-space-size=${COMPILE_LIMITS.jsHeapMb}`,
    '--expose-gc',
    '--liftoff-only',
  ];
}

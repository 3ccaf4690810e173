/**
 * How a student's program is built, step by step (Clang as WebAssembly, synchronously, in the compile process or the
 * bench). A plain build is one compile and link. A checked build is two steps: the front end writes the program's
 * IR, whose overflow checks' results the definedness checks must follow (overflow-results.ts) and whose calls to the
 * runtime pass the line they start on (call-lines.ts); then the passes (the checks among them), the code and the
 * link with the checks runtime.
 */
import { readFileSync } from 'node:fs';
import type { RunOptions, Tree } from '@yowasp/clang';
import { runPlanned } from './clang-plans.js';
import { callLinesAsStarted } from './call-lines.js';
import { keepOverflowResults } from './overflow-results.js';
import { PCH_FILE, pchFiles, type Precompiled } from './standard-headers.js';

/** The checks' own source files, read once (checks/). */
export interface ChecksFiles {
  traceHeader: string;
  runtimeSource: string;
  /**
   * Headers found before the C library's: each includes the library's own, then adds checks (include/), among them
   * the line of each call that allocates or uses a file.
   */
  headers: Tree;
}

/** The folder the checks' headers are given as, searched before the C library's headers (clang -isystem). */
export const CHECKS_INCLUDE = 'checks-include';
/** The arguments that give a build the checks' headers. */
export const CHECKS_INCLUDES = ['-isystem', CHECKS_INCLUDE];
/**
 * The second try of a build whose code uses a name those headers make a macro of in another way than a call (its own
 * prototype of malloc, a struct member called free, a #define of its own): the names of the calls that pass their
 * line stay the library's, checked without their lines.
 */
export const WITHOUT_CALL_LINES = '-D__CHECKS_NO_CALL_LINES';

export function readChecksFiles(dir: URL = new URL('./checks/', import.meta.url)): ChecksFiles {
  const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');
  return {
    traceHeader: read('trace.h'),
    runtimeSource: read('runtime.c'),
    headers: Object.fromEntries(['stdio.h', 'stdlib.h', 'string.h'].map((name) => [name, read(`include/${name}`)])),
  };
}

/**
 * Builds `source` into main.wasm: plain (no runtime), or checked (with the runtime's object and `includes`, the
 * checks' headers, and trace.h for a build to be stepped through; `headers`, the standard headers it includes
 * precompiled with the same flags, if given). Throws Clang's Exit when it does not compile; what the compiler says
 * goes to `options`.
 */
export function buildProgram(
  source: string,
  flags: string[],
  runtime: Uint8Array | null,
  includes: string[],
  files: ChecksFiles,
  options: Pick<RunOptions, 'stdout' | 'stderr'>,
  headers?: Precompiled,
): Tree {
  if (!runtime) return runPlanned([...flags, 'main.c', '-o', 'main.wasm'], { 'main.c': source }, options);
  const sources = {
    'main.c': source,
    'trace.h': files.traceHeader,
    [CHECKS_INCLUDE]: files.headers,
    ...(headers ? pchFiles(headers) : {}),
  };
  const front = headers ? ['-include-pch', PCH_FILE, ...includes] : includes;
  // Without the definedness checks there is nothing to mend between the steps: one compile and link.
  if (!flags.includes('-fsanitize=memory'))
    return runPlanned(
      [...flags, ...front, 'main.c', 'runtime.o', '-o', 'main.wasm'],
      { ...sources, 'runtime.o': runtime },
      options,
    );
  // The front end's IR comes on its standard output: through the toolchain's own files, writing it is ten times
  // slower (one small write at a time).
  const ir: Uint8Array[] = [];
  runPlanned(
    [
      ...flags.filter((flag) => !flag.startsWith('-Wl,')),
      ...front,
      '-Xclang',
      '-disable-llvm-passes',
      '-S',
      '-emit-llvm',
      'main.c',
      '-o',
      '-',
    ],
    sources,
    { stdout: (bytes) => void (bytes && ir.push(bytes.slice())), stderr: options.stderr },
  );
  return runPlanned(
    [
      ...flags.filter((flag) => !/^-W(?!l,)/.test(flag)),
      '-x',
      'ir',
      'main.ll',
      '-x',
      'none',
      'runtime.o',
      '-o',
      'main.wasm',
    ],
    { 'main.ll': callLinesAsStarted(keepOverflowResults(Buffer.concat(ir).toString('utf8'))), 'runtime.o': runtime },
    options,
  );
}

/** The checks runtime's object file, compiled with these flags. */
export function buildRuntime(flags: string[], files: ChecksFiles): Uint8Array {
  let output = '';
  const collect = (bytes: Uint8Array | null) => {
    if (bytes) output += new TextDecoder().decode(bytes);
  };
  const built = runPlanned(
    [...flags, '-c', 'runtime.c', '-o', 'runtime.o'],
    { 'runtime.c': files.runtimeSource },
    {
      stdout: collect,
      stderr: collect,
    },
  )['runtime.o'];
  if (!(built instanceof Uint8Array)) throw new Error(`the checks runtime did not compile: ${output}`);
  return new Uint8Array(built);
}

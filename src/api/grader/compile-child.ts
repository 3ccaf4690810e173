/**
 * Child process: compiles C files to WebAssembly (WASI) with Clang, itself running as WebAssembly, one at a time,
 * for as long as its parent (the grader's compile pool, process-pool.ts) keeps it. A process of its own, so the
 * web server's memory never holds Clang's, and so V8's flags can bound it: the parent starts it with
 * --wasm-max-mem-pages (Clang's memory can't grow past it: Clang reports "out of memory" and stops) and a small
 * --max-old-space-size.
 *
 * Clang runs synchronously inside vm.Script#runInContext with breakOnSigint: when a compile passes its CPU cap the
 * parent sends SIGINT, V8 stops Clang where it is, and this process (with Clang's compiled code still loaded)
 * answers and takes the next job. Between jobs a SIGINT is ignored.
 */
import vm from 'node:vm';
// The namespace, for `prepareLLVM`, which a glue left as published lacks (a named import of it would not load).
import * as yowasp from '@yowasp/clang';
import { Exit, runClang, type Tree } from '@yowasp/clang';
import { type AstNode, instrument, MAIN_FILE, type TraceMeta } from './trace/instrument.js';
import { readSyntaxTree } from './trace/syntax-tree.js';
import { cachedBuild } from './build-cache.js';
import { runPlanned } from './clang-plans.js';
import { mb } from './process-pool.js';
import {
  buildProgram,
  buildRuntime,
  CHECKS_INCLUDE,
  CHECKS_INCLUDES,
  readChecksFiles,
  WITHOUT_CALL_LINES,
} from './build-program.js';
import {
  COMMON_SETS,
  leadingStandardIncludes,
  NotPrecompiledError,
  PCH_FILE,
  pchFiles,
  type Precompiled,
  precompiledHeaders,
  standardIncludes,
} from './standard-headers.js';

export interface CompileRequest {
  code: string;
  flags: string[];
  outputMaxBytes: number;
  /** The largest program it may build: a larger one is answered as a failure ('too_large'), without it. */
  buildMaxBytes: number;
  /**
   * The checks runtime (checks/runtime.c: memory errors, undefined behaviour, the stack) is compiled with these
   * flags once (kept on disk for the next process: build-cache.ts) and linked into every program, with the checks'
   * headers (checks/include) found before the C library's.
   * Null: a plain build, without the runtime (the grader's second try when the checks made a run too slow or big).
   */
  runtimeFlags: string[] | null;
  /** Build it to be stepped through: read its syntax tree, rewrite it (trace/instrument.ts), then compile that. */
  trace?: boolean;
  /**
   * For a build to be stepped through: Run's build (flags and runtime), made instead when the program cannot be
   * stepped through (it does not compile, or the tracer cannot rewrite it), so its diagnostics come from one compile.
   */
  fallback?: { flags: string[]; runtimeFlags: string[] };
}

export interface CompileResponse {
  ok: boolean;
  output: string;
  wasm: Uint8Array | null;
  /**
   * Set when Clang did not finish normally (its memory ran out, its stack ran out, or it crashed), or when what it
   * built is larger than a build may be (the detail).
   */
  failure?: { kind: 'out_of_memory' | 'stack_overflow' | 'crash' | 'too_large'; detail: string };
  /**
   * For a build to be stepped through: what its variables and functions are; or why it could not be rewritten (the
   * build is then the fallback), with the tracer's own name the program used, if that was why.
   */
  trace?: { meta: TraceMeta } | { problem: string; reserved?: string };
}

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: CompileResponse }
  | { type: 'interrupted'; id: number }
  | { type: 'failed'; id: number; error: string };

/** The flags of the compiles to come (and of the runtime), so that loading ends with one of the same kind. */
const warmUpFlags = JSON.parse(process.argv[2] ?? '[]') as string[];
const warmUpRuntimeFlags = JSON.parse(process.argv[3] ?? '[]') as string[];
/** The runtime of builds to be stepped through: compiled at start too, so no student's first trace waits for it. */
const warmUpTraceRuntimeFlags = JSON.parse(process.argv[4] ?? 'null') as string[] | null;
const send = (message: ChildMessage) => process.send?.(message);

// The parent may send SIGINT just as a compile ends: outside a compile it means nothing.
process.on('SIGINT', () => undefined);
// The parent went away: so does this process.
process.on('disconnect', () => process.exit(0));

const checks = readChecksFiles(new URL('./checks/', import.meta.url));
/** A syntax tree in JSON runs to megabytes (the headers' declarations are in it): bounded all the same. */
const AST_MAX_BYTES = 32 * 1024 * 1024;
/** The runtime's object file, by the flags it was compiled with. */
const runtimes = new Map<string, Uint8Array>();

function runtimeObject(flags: string[]): Uint8Array {
  const key = flags.join(' ');
  let object = runtimes.get(key);
  if (!object) {
    object = cachedBuild(['runtime.o', ...flags, checks.runtimeSource], () => buildRuntime(flags, checks));
    runtimes.set(key, object);
  }
  return object;
}

let job: (() => Tree | undefined) | undefined;
const context = vm.createContext({ compile: () => job!() });
const script = new vm.Script('compile()', { filename: 'compile-child' });

/**
 * The syntax tree's headers, precompiled for the language alone: a tree dumped with them holds only the program's own
 * declarations (a precompiled header's are not printed), a few KB instead of 1.7 MB for stdio.h and stdlib.h,
 * printed in a tenth of the time. The C library's own headers, not the checks': the tree is of the program as the
 * student wrote it, each call by its own name. Only the headers the program includes, so its own names (a `div`, a
 * global `time`) clash with nothing it did not include.
 */
const TREE_PCH_FLAGS = ['-std=c17'];

/**
 * The program's syntax tree, with the standard headers it includes precompiled (above); null when Clang cannot
 * parse it so. One that includes them under conditions of its own (a macro defined before them that changes what
 * they declare) may not: its tree is then made as written (`syntaxTreeAsWritten`), which takes longer.
 */
function syntaxTree(code: string): AstNode | null {
  const names = standardIncludes(code);
  if (names.length === 0) return syntaxTreeAsWritten(code);
  const headers = precompiledHeaders(names, TREE_PCH_FLAGS);
  return unlessExit(() => dumpTree(code, ['-include-pch', PCH_FILE], pchFiles(headers)));
}

function syntaxTreeAsWritten(code: string): AstNode | null {
  return unlessExit(() => dumpTree(code, [], {}));
}

/** What `run` returns, or null when Clang ended with an error (its words are in the output collected). */
function unlessExit<T>(run: () => T): T | null {
  try {
    return run();
  } catch (error) {
    if (error instanceof Exit) return null;
    throw error;
  }
}

/** A note of the compiler's about a macro of the checks' headers (checks/include): one it expanded, or one replaced. */
const CHECKS_MACRO_NOTE = /^checks-include\/[\w.]+:\d+:\d+: note: (?:expanded from macro|previous definition is here)/m;
const CHECKS_MACRO_REPLACED = /^checks-include\/[\w.]+:\d+:\d+: note: previous definition is here/m;

/** The names the tracer and the checks keep for themselves (trace.h, checks/runtime.c). */
const RESERVED_NAME = /'(__trace_\w+|__checks_\w+)'/;

function dumpTree(code: string, include: string[], files: Tree): AstNode {
  const chunks: string[] = [];
  let size = 0;
  const decoder = new TextDecoder();
  runPlanned(
    ['-std=c17', '-fsyntax-only', '-Xclang', '-ast-dump=json', ...include, 'main.c'],
    { 'main.c': code, ...files },
    {
      stdout: (bytes: Uint8Array | null) => {
        if (!bytes || size > AST_MAX_BYTES) return;
        size += bytes.length;
        chunks.push(decoder.decode(bytes, { stream: true }));
      },
      stderr: () => undefined,
    },
  );
  if (size > AST_MAX_BYTES) throw new Error('the syntax tree is too large');
  return readSyntaxTree(chunks.join(''), MAIN_FILE);
}

/**
 * The checks' headers the program includes, precompiled with the checked build's own flags (Run's, grading's and
 * Step through's): the front end then parses the program alone. Only for a program that includes nothing but standard
 * headers, before anything else it says; other builds (CodeRunner's flags, origins, light) parse them as written.
 */
function checkedHeaders(source: string, flags: string[], more: string[]): Precompiled | null {
  if (flags.join(' ') !== warmUpFlags.join(' ')) return null;
  const names = leadingStandardIncludes(source);
  if (!names) return null;
  const frontEnd = [...flags.filter((flag) => !flag.startsWith('-Wl,')), ...CHECKS_INCLUDES, ...more];
  try {
    return precompiledHeaders(names, frontEnd, { [CHECKS_INCLUDE]: checks.headers });
  } catch (error) {
    if (error instanceof NotPrecompiledError) return null;
    throw error;
  }
}

function compile({
  code,
  flags,
  outputMaxBytes,
  buildMaxBytes,
  runtimeFlags,
  trace,
  fallback,
}: CompileRequest): CompileResponse {
  const runtime = runtimeFlags ? runtimeObject(runtimeFlags) : null;
  const decoder = new TextDecoder();
  let output = '';
  // The last words too, past the cap: "LLVM ERROR: out of memory" comes after any number of diagnostics.
  let tail = '';
  const collect = (bytes: Uint8Array | null) => {
    if (!bytes) return;
    const text = decoder.decode(bytes, { stream: true });
    if (output.length < outputMaxBytes) output += text;
    tail = (tail + text).slice(-512);
  };
  const options = { stdout: collect, stderr: collect };
  /**
   * A build of `source`; its output is the only output kept. Throws Clang's Exit when it does not compile. A checked
   * build that met a macro of the checks' headers where the code uses that name otherwise than as a call (a note of
   * Clang's in those headers: refused where the macro "expanded", or a #define of the program's own that replaced
   * it) is tried once more without the macros that pass a call's line, and that try answers: what is wrong with the
   * code is told as Clang tells it of the code alone.
   */
  const build = (source: string, buildFlags: string[], buildRuntime: Uint8Array | null, includes: string[]) => {
    const once = (more: string[]) => {
      const attempt = (headers?: Precompiled) => {
        output = '';
        tail = '';
        return buildProgram(source, buildFlags, buildRuntime, [...includes, ...more], checks, options, headers);
      };
      const headers = buildRuntime ? checkedHeaders(source, buildFlags, more) : null;
      if (!headers) return attempt();
      try {
        return attempt(headers);
      } catch (error) {
        // What the compiler says of a program is always said of it as written.
        if (!(error instanceof Exit)) throw error;
        return attempt();
      }
    };
    let built: Tree;
    try {
      built = once([]);
    } catch (error) {
      if (!(error instanceof Exit) || !buildRuntime || !CHECKS_MACRO_NOTE.test(output)) throw error;
      return once([WITHOUT_CALL_LINES]);
    }
    return buildRuntime && CHECKS_MACRO_REPLACED.test(output) ? once([WITHOUT_CALL_LINES]) : built;
  };
  const withChecks = CHECKS_INCLUDES;
  const withRuntime = runtime ? withChecks : [];
  let traced: CompileResponse['trace'];
  job = () => {
    if (!trace) return build(code, flags, runtime, withRuntime);
    // Whether the program can be stepped through is decided here, once: when it cannot, the build returned is the
    // one Run makes (the fallback), so the student hears why from one compile, not two.
    const checked = () => {
      if (!fallback) throw new Error('a build to be stepped through needs its fallback build');
      return build(code, fallback.flags, runtimeObject(fallback.runtimeFlags), withChecks);
    };
    let tree = syntaxTree(code);
    if (!tree) {
      // It does not parse with its standard headers precompiled: it may not compile at all (its own errors, from Run's
      // build), or it includes them under conditions of its own (its tree, as written).
      traced = { problem: 'it does not compile' };
      const run = checked(); // Clang's Exit when it does not compile: its errors are the answer.
      tree = syntaxTreeAsWritten(code);
      if (!tree) {
        traced = { problem: 'its syntax tree could not be read' };
        return run;
      }
    }
    let rewritten: ReturnType<typeof instrument>;
    try {
      rewritten = instrument(code, tree);
    } catch (error) {
      if (error instanceof Exit) throw error;
      traced = { problem: error instanceof Error ? error.message : String(error) };
      return checked();
    }
    const steps = unlessExit(() => build(rewritten.code, flags, runtime, [...withRuntime, '-include', 'trace.h']));
    if (steps) {
      traced = { meta: rewritten.meta };
      return steps;
    }
    // The rewritten program did not compile: a name the tracer keeps for itself, or a shape it rewrote wrongly.
    const problem = output;
    const reserved = RESERVED_NAME.exec(problem)?.[1];
    traced = reserved ? { problem, reserved } : { problem };
    return checked();
  };
  try {
    const files = script.runInContext(context, { breakOnSigint: true }) as Tree | undefined;
    const wasm = files?.['main.wasm'];
    if (!(wasm instanceof Uint8Array))
      return { ok: false, output: `${output}\nThe compiler produced no program.`, wasm: null, trace: traced };
    if (wasm.byteLength > buildMaxBytes)
      return {
        ok: false,
        output: output.slice(0, outputMaxBytes),
        wasm: null,
        failure: {
          kind: 'too_large',
          detail: `the program built is ${mb(wasm.byteLength)} (cap ${mb(buildMaxBytes)})`,
        },
      };
    // A copy of exactly the file's bytes, not the buffer it may be a view of.
    return { ok: true, output: output.slice(0, outputMaxBytes), wasm: new Uint8Array(wasm), trace: traced };
  } catch (error) {
    if (error instanceof Exit) return { ok: false, output: output.slice(0, outputMaxBytes), wasm: null, trace: traced };
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED') throw error;
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const kind =
      /LLVM ERROR: out of memory|Allocation failed/.test(tail) ||
      /Cannot allocate Wasm memory|could not allocate memory|Out of memory/i.test(detail)
        ? 'out_of_memory'
        : isStackOverflow(error)
          ? 'stack_overflow'
          : 'crash';
    return {
      ok: false,
      output: output.slice(0, outputMaxBytes),
      wasm: null,
      failure: { kind, detail: `${detail}${tail ? ` (last output: ${JSON.stringify(tail.slice(-200))})` : ''}` },
    };
  } finally {
    job = undefined;
  }
}

/**
 * Clang recursing too deep: past V8's stack (a RangeError), or past Clang's own stack, which lives at the start of its
 * WebAssembly memory, so that running past it is an access out of bounds. Which comes first depends on how V8
 * compiled Clang's code: 2,000 nested brackets reach Clang's stack, 2,000 nested blocks V8's.
 */
function isStackOverflow(error: unknown): boolean {
  if (error instanceof RangeError) return /call stack/i.test(error.message);
  return error instanceof Error && error.name === 'RuntimeError' && /memory access out of bounds/.test(error.message);
}

/**
 * Past this the process hands memory back at once (gc()) rather than when V8 would. Each compile leaves its Clangs'
 * memories to the collector: about 320–430 MB resident between ordinary compiles (Clang's code included), more after
 * one stopped at the memory cap. A full collection after every compile cost 20–40 ms of it; V8 keeps the ordinary
 * case in bounds by itself.
 */
const COLLECT_ABOVE_BYTES = 600 * 1024 * 1024;

/**
 * Instances of the toolchain made ahead, while this process has nothing to do: each run of a tool needs a new one
 * (about 16 ms to make, most of it copying its data), a build for Step through runs four (the syntax tree, the front
 * end, the passes, the linker), a checked build three. Each made one holds about 11 MB resident. Made only once no
 * job has come for a while: right after a build the site runs what was built, and making them then slowed that run
 * by as much as they saved the next build. One at a time, so that a job that comes waits for one at most.
 */
const READY_INSTANCES = 4;
const PREPARE_AFTER_IDLE_MS = 300;
let preparing: NodeJS.Timeout | undefined;

function prepareWhenIdle(): void {
  clearTimeout(preparing);
  const next = () => {
    let made: boolean | undefined;
    try {
      made = yowasp.prepareLLVM?.(READY_INSTANCES);
    } catch {
      // No room for another (its memory could not be had): a build makes its own, and fails there if it must.
      return;
    }
    if (made) preparing = setTimeout(next, 0).unref();
  };
  preparing = setTimeout(next, PREPARE_AFTER_IDLE_MS).unref();
}

process.on('message', ({ id, request }: { id: number; request: CompileRequest }) => {
  clearTimeout(preparing);
  let stopped = false;
  try {
    const result = compile(request);
    stopped = result.failure !== undefined;
    send({ type: 'result', id, result });
  } catch (error) {
    stopped = true;
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED') send({ type: 'interrupted', id });
    else send({ type: 'failed', id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  // A Clang stopped at a cap leaves its memory (up to the cap) to the garbage collector: give it back now.
  if (stopped || process.memoryUsage.rss() > COLLECT_ABOVE_BYTES)
    setImmediate(() => (globalThis as { gc?: () => void }).gc?.());
  prepareWhenIdle();
});

// Loads Clang (reading and compiling its 70 MB of WebAssembly) and compiles once, then says it is ready.
await runClang(null, {}, { fetchProgress: () => undefined });
compile({
  code: 'int main(void) { return 0; }\n',
  flags: warmUpFlags,
  outputMaxBytes: 1024,
  buildMaxBytes: Infinity,
  runtimeFlags: warmUpRuntimeFlags,
});
for (const set of COMMON_SETS) checkedHeaders(set.map((name) => `#include <${name}.h>\n`).join(''), warmUpFlags, []);
if (warmUpTraceRuntimeFlags) {
  runtimeObject(warmUpTraceRuntimeFlags);
  for (const set of COMMON_SETS) precompiledHeaders(set, TREE_PCH_FLAGS);
}
send({ type: 'ready' });
prepareWhenIdle();

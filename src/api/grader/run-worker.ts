/**
 * Worker thread: runs one compiled program with Node's built-in WASI and nothing else. Standard input comes from
 * the request, standard output and error are captured up to a cap; the program's files live in a private folder in
 * this worker's memory (memory-files.ts), given by the request and returned with the result; no network (WASI
 * preview 1 has none), no environment and no real clock sleeps. The time limit is the pool's: it terminates this
 * worker.
 */
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { WASI } from 'node:wasi';
import { parentPort, workerData } from 'node:worker_threads';
import { type CheckResult, checkRun, type RunCheck } from '../../contracts/checkers.js';
import { createMemoryFiles, ERRNO, type ProgramFile, type WrittenFile } from './memory-files.js';
import { readWasmDebug, studentFunctionName, type WasmDebug } from './wasm-debug.js';
import type { HarnessCheck } from './function-tests.js';
import { ownThreadStatPath } from './cpu-time.js';
import type { CompileResult } from '../../contracts/exercises/results.js';
import type { TraceMeta } from './trace/instrument.js';

/** What a run worker is told as it starts: whether its pool is Step through's (it records every run). */
export interface RunWorkerData {
  records: boolean;
}

export interface RunRequest {
  /** Identifies the module so a worker compiles it once for all the tests of a submission. */
  key: string;
  wasm: Uint8Array;
  stdin: string;
  /** Command-line arguments after the program's name. */
  args: string[];
  /** The program's folder when it starts. */
  files: ProgramFile[];
  outputMaxBytes: number;
  /** A graded test: how its output and files are checked, here where the time limit also bounds a slow pattern. */
  check?: RunCheck;
  /**
   * A build to be stepped through: record what it does (trace/recorder.ts) and answer with the whole trace answer,
   * made here (trace/trace-answer.ts): the compile's result and the program's variables go into it.
   */
  trace?: {
    compile: CompileResult;
    meta: TraceMeta;
    /** The program's source, for hints that quote it. */ code: string;
    /** Where the checks keep whether each byte was set: at its address plus this. */
    definednessOffset: number;
  };
  /** A function exercise's test: which one, and the nonce its harness must report it finished with. */
  harness?: HarnessCheck;
}

export interface RunResponse {
  /** missing_imports: the program imports functions the runner doesn't provide, so it was not started. */
  kind: 'exit' | 'trap' | 'output_limit' | 'missing_imports';
  exit_code: number | null;
  trap: string | null;
  stdout: string;
  stderr: string;
  time_ms: number;
  memory_bytes: number;
  /** The files the program created or changed. */
  files: WrittenFile[];
  /** The folder's bounds the program met (too many files, a file too large), in words. */
  file_problems: string[];
  /** For missing_imports: what the program asked for, as module.name. */
  missing_imports?: string[];
  /** What the checks runtime reported (a memory error, undefined behaviour, a leak), each with where it happened. */
  reports: RunReport[];
  /** The output checked, for a graded test whose program ended normally. */
  check?: CheckResult;
  /** For a build to be stepped through: the whole answer, JSON gzipped (transferred, not copied). */
  trace_answer?: Uint8Array;
  /**
   * A function exercise's test: `finished` when its harness said the test's code returned (with the right nonce),
   * `ended` when the program ended before that, `forged` when the program called the harness's report itself (a
   * wrong nonce or another test's number).
   */
  harness?: 'finished' | 'ended' | 'forged';
}

/** A problem the checks runtime reported (checks/runtime.c), or a stack overflow the engine stopped. */
export interface RunReport {
  /** The runtime's key=value fields: `kind` and what it knows (addresses, sizes, lines of allocation). */
  fields: Record<string, string>;
  /** The line of the student's code it happened on, from the program's debug information. */
  line: number | null;
  /** The student's function it happened in. */
  function: string | null;
  /** For a stack overflow: how deep that function had called itself. */
  depth?: number;
}

// Node marks WASI experimental and says so once per worker; the warning means nothing to a student.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  if (String(warning).includes('WASI')) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;

const modules = new Map<string, { module: WebAssembly.Module; debug: WasmDebug }>();

/**
 * A checked program's memory is shared (build-flags.ts says why), and V8 counts no shared memory against this
 * worker's heap: a run's memory, once the run is over, is given back at this worker's next full collection only,
 * which may be long in coming. So the worker collects itself once the runs since its last collection have touched
 * this much memory (the process's resident memory, before each request and after its run: a run of a small
 * program touches well under 1 MB, one that fills its heap up to 200 MB), or after this many runs, whichever comes
 * first (the process's memory is shared with other threads, which may give memory back during a run and hide what
 * it touched). It collects after answering and before it says it is ready for the next job (worker-pool.ts), so no
 * job's clock counts it.
 */
const COLLECT_AFTER_TOUCHED_BYTES = 64 * 1024 * 1024;
const COLLECT_AFTER_RUNS = 32;
let touchedSinceCollection = 0;
let runsSinceCollection = 0;
const collectGarbage = (() => {
  // `gc`, read from a context made once the flag is set. The flag is the whole process's: any context made after this
  // one, in any thread, also has a `gc`.
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc !== 'function')
    throw new Error("this Node.js gives no gc(): a run worker could not give its runs' memory back");
  return gc as () => void;
})();

/** Whether the runs since the last collection call for one, counting the one that touched `touchedBytes`. */
function dueForCollection(touchedBytes: number): boolean {
  touchedSinceCollection += Math.max(0, touchedBytes);
  runsSinceCollection += 1;
  return touchedSinceCollection >= COLLECT_AFTER_TOUCHED_BYTES || runsSinceCollection >= COLLECT_AFTER_RUNS;
}

/** Twice: the first collection lets go of the runs' WASI objects, which hold their memories; the second, of those. */
function collect(): void {
  touchedSinceCollection = 0;
  runsSinceCollection = 0;
  collectGarbage();
  collectGarbage();
}
// A stack overflow's error keeps every call on the stack, so the report can say how deep the recursion went.
Error.stackTraceLimit = 500_000;

interface Frame {
  name: string | null;
  position: number | undefined;
}

/** The calls on the stack of an error (or of here, without one), innermost first, as structured frames. */
function framesOf(error?: Error): Frame[] {
  const previous = Error.prepareStackTrace;
  Error.prepareStackTrace = (_error, sites) =>
    sites.map((site) => ({
      name: site.getFunctionName(),
      // Only the program's frames: a JavaScript frame's position is in another file.
      position: site.getFileName()?.startsWith('wasm://')
        ? (site as { getPosition?: () => number }).getPosition?.()
        : undefined,
    }));
  try {
    if (error) return (error.stack as unknown as Frame[] | undefined) ?? [];
    const holder: { stack?: Frame[] } = {};
    Error.captureStackTrace(holder);
    return holder.stack ?? [];
  } finally {
    Error.prepareStackTrace = previous;
  }
}

/** Where in the student's code a report happened: the innermost call in main.c, with its line. */
function locate(frames: Frame[], debug: WasmDebug): Pick<RunReport, 'line' | 'function'> & { at: number } {
  for (const [index, frame] of frames.entries()) {
    const line = frame.position === undefined ? undefined : debug.lineAt(frame.position);
    if (line !== undefined)
      return { line, function: frame.name === null ? null : studentFunctionName(frame.name), at: index };
  }
  return { line: null, function: null, at: -1 };
}

/** How many calls deep the innermost student function had called itself (directly or through others). */
function recursionDepth(frames: Frame[], debug: WasmDebug, from: number): number {
  const name = frames[from]?.name;
  let depth = 0;
  for (const frame of frames.slice(Math.max(0, from)))
    if (frame.name === name && frame.position !== undefined && debug.lineAt(frame.position) !== undefined) depth++;
  return depth;
}

class OutputLimit extends Error {}

/** An access out of bounds in a program built with the checks runtime (the one that reports through `grader`). */
function isCheckedAccessTrap(error: unknown, module: WebAssembly.Module): error is Error {
  return (
    error instanceof Error &&
    error.name === 'RuntimeError' &&
    /out of bounds/.test(error.message) &&
    !/table/.test(error.message) &&
    WebAssembly.Module.imports(module).some(({ module: from, name }) => from === 'grader' && name === 'report')
  );
}

async function moduleFor(key: string, wasm: Uint8Array) {
  const cached = modules.get(key);
  if (cached) return cached;
  const compiled = { module: await WebAssembly.compile(wasm), debug: readWasmDebug(wasm) };
  if (modules.size >= 4) modules.delete(modules.keys().next().value as string);
  modules.set(key, compiled);
  return compiled;
}

async function run(request: RunRequest): Promise<RunResponse> {
  const { module, debug } = await moduleFor(request.key, request.wasm);
  const reports: RunReport[] = [];
  // The preopened directory tells the C library where files are; every call on it is answered by the memory
  // folder below and never reaches the real directory.
  const wasi = new WASI({
    version: 'preview1',
    args: ['main', ...request.args],
    env: {},
    preopens: { '/': tmpdir() },
    returnOnExit: true,
  });
  const base = wasi.wasiImport as Record<string, (...args: number[]) => number>;
  // Set once the module is instantiated; the imports below run only after that. The function table (the link exports
  // it) lets a report name the function a stack frame belongs to.
  const sandbox: { memory?: WebAssembly.Memory; table?: { get(index: number): unknown; length: number } } = {};
  const memoryBuffer = () => sandbox.memory!.buffer;
  const view = () => new DataView(memoryBuffer());
  const input = Buffer.from(request.stdin, 'utf8');
  let inputAt = 0;
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let written = 0;
  let stdoutBytes = 0;
  const folder = createMemoryFiles(request.files, memoryBuffer);

  const iovecs = (iovs: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      at: view().getUint32(iovs + i * 8, true),
      length: view().getUint32(iovs + i * 8 + 4, true),
    }));

  const denied = () => ERRNO.notcapable;
  const imports: Record<string, (...args: number[]) => number> = {};
  for (const name of Object.keys(base))
    imports[name] = name.startsWith('path_') || name.startsWith('sock_') ? denied : () => ERRNO.nosys;
  // What a C program needs from the system, and nothing more.
  for (const name of [
    'args_get',
    'args_sizes_get',
    'environ_get',
    'environ_sizes_get',
    'clock_res_get',
    'clock_time_get',
    'random_get',
    'sched_yield',
    'proc_exit',
    'fd_prestat_get',
    'fd_prestat_dir_name',
  ]) {
    imports[name] = base[name]!;
  }
  imports.fd_fdstat_get = (fd, at) =>
    fd <= 3 ? base.fd_fdstat_get!(fd, at) : folder.owns(fd) ? folder.fd_fdstat_get(fd, at) : ERRNO.badf;
  imports.fd_close = (fd) => (fd <= 2 ? ERRNO.success : folder.fd_close(fd));
  imports.fd_seek = ((fd: number, offset: bigint, whence: number, at: number) =>
    fd <= 2 ? ERRNO.spipe : folder.fd_seek(fd, offset, whence, at)) as never;
  imports.fd_tell = (fd, at) => (fd <= 2 ? ERRNO.spipe : folder.fd_tell(fd, at));
  imports.fd_filestat_get = (fd, at) => (folder.owns(fd) ? folder.fd_filestat_get(fd, at) : ERRNO.badf);
  imports.fd_filestat_set_size = ((fd: number, size: bigint) => folder.fd_filestat_set_size(fd, size)) as never;
  imports.fd_sync = (fd) => (folder.owns(fd) ? ERRNO.success : ERRNO.badf);
  imports.fd_datasync = (fd) => (folder.owns(fd) ? ERRNO.success : ERRNO.badf);
  imports.path_open = folder.path_open as never;
  imports.path_filestat_get = folder.path_filestat_get;
  imports.path_unlink_file = folder.path_unlink_file;
  imports.path_rename = folder.path_rename;
  imports.fd_read = (fd, iovs, count, readAt) => {
    if (folder.owns(fd)) return folder.fd_read(fd, iovs, count, readAt);
    if (fd !== 0) return ERRNO.badf;
    let total = 0;
    for (const { at, length } of iovecs(iovs, count)) {
      const n = Math.min(length, input.length - inputAt);
      new Uint8Array(memoryBuffer(), at, n).set(input.subarray(inputAt, inputAt + n));
      inputAt += n;
      total += n;
      if (n < length) break;
    }
    view().setUint32(readAt, total, true);
    return ERRNO.success;
  };
  imports.fd_write = (fd, iovs, count, writtenAt) => {
    if (folder.owns(fd)) return folder.fd_write(fd, iovs, count, writtenAt);
    if (fd !== 1 && fd !== 2) return ERRNO.badf;
    let total = 0;
    for (const { at, length } of iovecs(iovs, count)) {
      const room = Math.max(0, request.outputMaxBytes - written);
      const chunk = Buffer.from(memoryBuffer().slice(at, at + Math.min(length, room)));
      (fd === 1 ? out : err).push(chunk);
      written += chunk.length;
      if (fd === 1) stdoutBytes += chunk.length;
      total += length;
      if (length > room) throw new OutputLimit();
    }
    view().setUint32(writtenAt, total, true);
    return ERRNO.success;
  };
  // Sleeping would block this thread where the time limit can't reach it: a sleep returns at once.
  imports.poll_oneoff = () => ERRNO.nosys;

  // The stack runs out as a function starts, whether the checks runtime or the engine notices first (which one
  // does depends on how far the engine has optimised the code, so on the machine's load): the call that started
  // it, the recursion's own line, says more than the function's first line.
  const overflowSite = (frames: ReturnType<typeof framesOf>) => {
    const where = locate(frames, debug);
    const caller = locate(frames.slice(where.at + 1), debug);
    return caller.line !== null ? { ...caller, at: where.at + 1 + caller.at } : where;
  };

  // A function test's harness says here that the test's code returned; a wrong nonce means the student's code called.
  let testDone = false;
  let tampered = false;
  // The checks runtime tells what it found here: its fields, with where in the student's code (from this stack).
  const grader = {
    test_done(index: number, ...words: number[]) {
      const expected = request.harness;
      if (expected && index === expected.test && words.every((word, i) => word >>> 0 === expected.nonce[i]))
        testDone = true;
      else tampered = true;
    },
    report(at: number, length: number) {
      const fields: Record<string, string> = {};
      // Repeated keys (a leak's lines) are kept in order, numbered from the second on.
      for (const pair of Buffer.from(memoryBuffer(), at, length).toString('utf8').split('\x1f')) {
        const split = pair.indexOf('=');
        const key = pair.slice(0, split);
        let name = key;
        for (let n = 2; name in fields; n++) name = `${key}${n}`;
        fields[name] = pair.slice(split + 1);
      }
      if (reports.length >= 20) return;
      // A stack frame's function, by its index in the function table: named from the debug information.
      if (fields.frame_function !== undefined) {
        const entry = sandbox.table?.get(Number(fields.frame_function)) as { name?: string } | null | undefined;
        const name = entry?.name ? debug.functionName(Number(entry.name)) : undefined;
        if (name) fields.frame_function_name = studentFunctionName(name);
      }
      const frames = framesOf();
      // A recursion is told at the call that went on too deep; a variable-length array too large, where it is made.
      const recursed = fields.kind === 'stack_overflow' && fields.reason !== 'array';
      const where = recursed ? overflowSite(frames) : locate(frames, debug);
      reports.push({
        fields,
        line: where.line,
        function: where.function,
        ...(recursed ? { depth: recursionDepth(frames, debug, where.at) } : {}),
      });
    },
  };
  // The recorder: loaded already in Step through's workers, and only there (trace/recording.ts says why).
  const recording = request.trace
    ? (await import('./trace/recording.js')).startRecording(request.trace, memoryBuffer, () => ({
        out: stdoutBytes,
        in: inputAt,
      }))
    : null;
  const provided: Record<string, Record<string, unknown>> = {
    wasi_snapshot_preview1: imports,
    wasi_unstable: imports,
    grader,
    ...(recording ? { trace: recording.imports } : {}),
  };
  // A C file can declare any import (`__attribute__((import_module("env"), import_name("nope")))`) and the linker
  // lets it through: name what can't be given instead of failing to instantiate.
  const missing = WebAssembly.Module.imports(module)
    .filter(({ module: from, name }) => typeof provided[from]?.[name] !== 'function')
    .map(({ module: from, name }) => `${from}.${name}`);
  if (missing.length > 0) {
    return {
      kind: 'missing_imports',
      exit_code: null,
      trap: null,
      stdout: '',
      stderr: '',
      time_ms: 0,
      memory_bytes: 0,
      files: [],
      file_problems: [],
      missing_imports: missing.slice(0, 10),
      reports: [],
    };
  }
  const instance = await WebAssembly.instantiate(module, provided);
  const memory = instance.exports.memory as WebAssembly.Memory;
  sandbox.memory = memory;
  sandbox.table = instance.exports.__indirect_function_table as typeof sandbox.table;
  const started = performance.now();
  let kind: RunResponse['kind'] = 'exit';
  let exitCode: number | null = null;
  let trap: string | null = null;
  try {
    exitCode = wasi.start(instance) ?? 0;
  } catch (error) {
    if (error instanceof OutputLimit) kind = 'output_limit';
    else if (recording?.stoppedRun(error)) {
      kind = 'trap';
      trap = 'trace limit';
    } else {
      kind = 'trap';
      trap = error instanceof Error ? error.message : String(error);
      // A checked program's own check of an address below the program or past its memory is a trap (its shadow is
      // outside the memory: build-flags.ts): told as such an access, at the line the engine stopped on.
      // (A refused malloc the program went on from is no reason to leave it unsaid.)
      if (isCheckedAccessTrap(error, module) && reports.every((report) => report.fields.kind === 'heap_full')) {
        const where = locate(framesOf(error), debug);
        reports.push({ fields: { kind: 'access', where: 'outside' }, line: where.line, function: where.function });
      }
      // The engine's own stack ran out (a recursion that keeps nothing in memory): named like the runtime's.
      if (error instanceof RangeError && /call stack/i.test(error.message) && reports.length === 0) {
        const frames = framesOf(error);
        const where = overflowSite(frames);
        reports.push({
          fields: { kind: 'stack_overflow', reason: 'engine' },
          line: where.line,
          function: where.function,
          depth: recursionDepth(frames, debug, where.at),
        });
      }
    }
  }
  const stdout = Buffer.concat(out).toString('utf8');
  const response: RunResponse = {
    kind,
    exit_code: exitCode,
    trap,
    stdout,
    stderr: Buffer.concat(err).toString('utf8'),
    time_ms: Math.round(performance.now() - started),
    memory_bytes: memory.buffer.byteLength,
    files: folder.written(),
    file_problems: folder.problems(),
    reports,
    ...(request.check && kind === 'exit' ? { check: checkRun(request.check, stdout, folder.contents()) } : {}),
    ...(request.harness ? { harness: tampered ? 'forged' : testDone ? 'finished' : 'ended' } : {}),
  };
  if (!recording) return response;
  const answer = recording.answer(response, request.stdin, debug, sandbox.table);
  // The answer is all the caller needs: the run's own output travels inside it.
  return { ...response, stdout: '', stderr: '', files: [], trace_answer: answer };
}

/** Tells the pool this worker can take a job (its clock starts then), and which thread's CPU time to count. */
function sayReady(): void {
  parentPort?.postMessage({ ready: true, thread: ownThreadStatPath() });
}

parentPort?.on('message', ({ id, request }: { id: number; request: RunRequest }) => {
  const residentBefore = process.memoryUsage.rss();
  const answer = (message: Record<string, unknown>, transfer: ArrayBuffer[] = []) => {
    // The run is over and its memory garbage: collect now if due, and say when ready for the next job.
    const collecting = dueForCollection(process.memoryUsage.rss() - residentBefore);
    parentPort?.postMessage({ id, ...message, collecting }, transfer);
    if (!collecting) return;
    collect();
    sayReady();
  };
  run(request).then(
    (result) => answer({ ok: true, result }, result.trace_answer ? [result.trace_answer.buffer as ArrayBuffer] : []),
    (error: unknown) => answer({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
// A worker of Step through's pool loads the recorder before it says it is ready (about 170 ms), so no trace waits
// for it; the run workers never load it (trace/recording.ts says why).
if ((workerData as RunWorkerData | undefined)?.records) await import('./trace/recording.js');
// Loaded: the pool starts the first job's clock now, counting this thread's CPU time where it can read it.
sayReady();

/**
 * The native referees of the differential oracle: gcc's AddressSanitizer and UndefinedBehaviorSanitizer in a 32-bit
 * build (the same `int`, `long` and pointer sizes as wasm32), and valgrind's memcheck on a plain 64-bit build
 * (32-bit valgrind needs i386 debug symbols we cannot install reliably). Each compiles and runs a program with its
 * input in a folder of its own, and its first report is read back as a kind and a line of the program's own file.
 * What a tool printed is cached on disk by a hash of the program, its input, the flags and the tool's version, so a
 * second run of the oracle costs only the site's runs; reports are parsed from the cached text each time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The program's file name in its folder: reports are matched against it. */
const SOURCE = 'prog.c';

export const ASAN_FLAGS = [
  '-m32',
  '-g',
  '-O0',
  '-fno-omit-frame-pointer',
  '-fsanitize=address,undefined',
  '-fno-sanitize-recover=all',
];
const ASAN_OPTIONS = 'detect_leaks=1:detect_stack_use_after_return=1:abort_on_error=0';
export const VALGRIND_FLAGS = ['-g', '-O0'];
const VALGRIND_ERROR_EXIT = 99;
const VALGRIND_ARGS = [
  '-q',
  '--track-origins=yes',
  // A large local array (4 MB) is a frame, not a switch of stacks.
  '--max-stackframe=67108864',
  '--leak-check=full',
  '--show-leak-kinds=definite',
  '--errors-for-leak-kinds=definite',
  `--error-exitcode=${VALGRIND_ERROR_EXIT}`,
];

/** One referee's run of one program, as printed: what the cache keeps. */
export interface NativeRun {
  compiled: boolean;
  /** The compiler's messages when it failed. */
  compileOutput: string;
  stdout: string;
  /** The tool's report: the program's stderr (ASan, UBSan) or valgrind's log. */
  report: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  ms: number;
}

/** A referee's verdict: the first problem it named, or none. */
export interface NativeFinding {
  tool: 'asan' | 'valgrind';
  /** The tool's own name for it: "heap-buffer-overflow", "Invalid read of size 4", "definitely lost", … */
  kind: string;
  /** A leak (reported at exit) rather than an error where it happened. */
  leak: boolean;
  /** The first frame in the program's own file (for a leak: the line that allocated the block). */
  line: number | null;
  /** Every allocation line of a leak report (several blocks may leak). */
  leakLines: number[];
  /**
   * For a stack overflow, the program's lines in the top frames: the recursion's calls as well as the line the stack
   * ran out on (a function's first line for ASan and valgrind; the recursive call is as good a line to name).
   */
  recursionLines?: number[];
  /** The report's first lines, to show beside the site's message. */
  excerpt: string;
}

export type Referee = 'asan' | 'valgrind';

/** Whether each referee's tools are on this machine, and what is missing when not. */
export function refereesAvailable(): { ok: boolean; missing: string[] } {
  const missing: string[] = [];
  // In a folder of its own: csmith writes a platform.info wherever it runs, even for --version.
  const dir = mkdtempSync(join(tmpdir(), 'oracle-probe-'));
  try {
    writeFileSync(join(dir, 'probe.c'), 'int main(void) { return 0; }\n');
    const m32 = spawnSync('gcc', [...ASAN_FLAGS, 'probe.c', '-o', 'probe'], { cwd: dir, encoding: 'utf8' });
    if (m32.error || m32.status !== 0) missing.push('gcc-multilib (gcc -m32 -fsanitize=address,undefined)');
    if (spawnSync('valgrind', ['--version'], { cwd: dir }).status !== 0) missing.push('valgrind');
    if (spawnSync('csmith', ['--version'], { cwd: dir }).status !== 0) missing.push('csmith');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!existsSync('/usr/include/csmith/csmith.h')) missing.push('libcsmith-dev (/usr/include/csmith)');
  return { ok: missing.length === 0, missing };
}

let versions: string | undefined;
/** The tools' versions, part of every cache key: a new gcc or valgrind runs everything again. */
function toolVersions(): string {
  versions ??= ['gcc', 'valgrind']
    .map((tool) => spawnSync(tool, ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? tool)
    .join(' | ');
  return versions;
}

const CACHE = new URL('../../node_modules/.cache/c-oracle/', import.meta.url).pathname;

interface Spawned {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
}

const OUTPUT_CAP = 256 * 1024;

function run(
  command: string,
  args: string[],
  options: { cwd: string; stdin?: string; timeoutMs: number; env?: Record<string, string> },
): Promise<Spawned> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < OUTPUT_CAP) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < OUTPUT_CAP) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ stdout, stderr: `${stderr}${error.message}`, exitCode: null, signal: null, timedOut });
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, exitCode, signal, timedOut });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin ?? '');
  });
}

export interface NativeOptions {
  /** Time for the program's run under ASan (default 5 s); valgrind, 20–50 times slower, gets 4 times as much. */
  timeoutMs?: number;
  /** Keep nothing on disk (and read nothing): for tests of the runner itself. */
  noCache?: boolean;
}

/** Compiles and runs one program under one referee, from the cache when it ran before. */
export async function runNative(
  referee: Referee,
  code: string,
  stdin: string,
  options: NativeOptions = {},
): Promise<NativeRun> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const flags = referee === 'asan' ? ASAN_FLAGS : VALGRIND_FLAGS;
  const key = createHash('sha256')
    .update(JSON.stringify([referee, toolVersions(), flags, ASAN_OPTIONS, VALGRIND_ARGS, timeoutMs, code, stdin]))
    .digest('hex');
  const cached = join(CACHE, `${key}.json`);
  if (!options.noCache && existsSync(cached)) {
    try {
      return JSON.parse(readFileSync(cached, 'utf8')) as NativeRun;
    } catch {
      // A damaged entry is run again.
    }
  }
  const dir = mkdtempSync(join(tmpdir(), `oracle-${referee}-`));
  const started = performance.now();
  try {
    writeFileSync(join(dir, SOURCE), code);
    // The program runs in a folder of its own (files it writes stay there), given its input and nothing else.
    const work = join(dir, 'run');
    mkdirSync(work);
    const compile = await run('gcc', [...flags, SOURCE, '-o', 'prog', '-lm'], { cwd: dir, timeoutMs: 60_000 });
    let result: NativeRun;
    if (compile.exitCode !== 0) {
      result = {
        compiled: false,
        compileOutput: compile.stderr.slice(0, 4000),
        stdout: '',
        report: '',
        exitCode: null,
        signal: null,
        timedOut: false,
        ms: 0,
      };
    } else if (referee === 'asan') {
      const ran = await run(join(dir, 'prog'), [], {
        cwd: work,
        stdin,
        timeoutMs,
        env: { ASAN_OPTIONS, UBSAN_OPTIONS: 'print_stacktrace=1' },
      });
      result = { compiled: true, compileOutput: '', report: ran.stderr, ...ran, ms: 0 };
    } else {
      const log = join(dir, 'valgrind.log');
      const ran = await run('valgrind', [...VALGRIND_ARGS, `--log-file=${log}`, join(dir, 'prog')], {
        cwd: work,
        stdin,
        timeoutMs: timeoutMs * 4,
      });
      const report = existsSync(log) ? readFileSync(log, 'utf8') : ran.stderr;
      result = { compiled: true, compileOutput: '', ...ran, report, ms: 0 };
    }
    result.ms = Math.round(performance.now() - started);
    if (!options.noCache) {
      mkdirSync(CACHE, { recursive: true });
      writeFileSync(cached, JSON.stringify(result));
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** "    #1 0x565c7223 in main /tmp/oracle-asan-x/prog.c:3" or "(prog.c:3)": a frame in the program's own file. */
const OWN_FRAME = new RegExp(`[/ (]${SOURCE.replace('.', '\\.')}:(\\d+)`);

function ownLine(frames: string[]): number | null {
  for (const frame of frames) {
    const match = OWN_FRAME.exec(frame);
    if (match) return Number(match[1]);
  }
  return null;
}

function ownLines(frames: string[]): number[] {
  const lines = frames.map((frame) => OWN_FRAME.exec(frame)?.[1]).filter((line) => line !== undefined);
  return [...new Set(lines.map(Number))];
}

const excerptOf = (lines: string[]) =>
  lines
    .filter((line) => line.trim() !== '')
    .slice(0, 6)
    .join('\n');

/** ASan's, LeakSanitizer's or UBSan's first report in a program's stderr. */
export function parseSanitizer(stderr: string): NativeFinding | null {
  const lines = stderr.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const ubsan = /^(?:.*\/)?prog\.c:(\d+):\d+: runtime error: (.*)$/.exec(line);
    if (ubsan) {
      return {
        tool: 'asan',
        kind: ubsan[2]!.replace(/0x[0-9a-f]+/g, '0x…').replace(/-?\d+/g, 'N'),
        leak: false,
        line: Number(ubsan[1]),
        leakLines: [],
        excerpt: excerptOf([line, ...lines.slice(i + 1, i + 4).filter((l) => /^\s+#\d/.test(l))]),
      };
    }
    if (/ERROR: LeakSanitizer: detected memory leaks/.test(line)) {
      const leakLines: number[] = [];
      let kind = 'leak';
      for (let j = i + 1; j < lines.length; j++) {
        const record = /^(Direct|Indirect) leak of/.exec(lines[j]!);
        if (!record) continue;
        if (leakLines.length === 0) kind = `${record[1]!.toLowerCase()} leak`;
        const frames: string[] = [];
        for (let k = j + 1; k < lines.length && /^\s+#\d/.test(lines[k]!); k++) frames.push(lines[k]!);
        const allocated = ownLine(frames);
        if (allocated !== null && !leakLines.includes(allocated)) leakLines.push(allocated);
      }
      return {
        tool: 'asan',
        kind,
        leak: true,
        line: leakLines[0] ?? null,
        leakLines,
        excerpt: excerptOf(lines.slice(i, i + 6)),
      };
    }
    const asan = /ERROR: AddressSanitizer: (attempting [\w-]+|[\w-]+(?: on unknown address)?|[^:]+)/.exec(line);
    if (asan) {
      const frames: string[] = [];
      for (let k = i + 1; k < lines.length; k++) {
        if (/^\s+#\d/.test(lines[k]!)) frames.push(lines[k]!);
        else if (frames.length > 0) break;
      }
      const kind = asan[1]!.replace(/ on unknown address$/, '').trim();
      return {
        tool: 'asan',
        kind: /free on address which was not malloc/.test(line) ? 'bad-free' : kind,
        leak: false,
        line: ownLine(frames),
        leakLines: [],
        ...(kind === 'stack-overflow' ? { recursionLines: ownLines(frames.slice(0, 12)) } : {}),
        excerpt: excerptOf([line.replace(/^==\d+==/, ''), ...lines.slice(i + 1, i + 6)]),
      };
    }
  }
  return null;
}

/** Valgrind's first error (or definitely lost block) in its log, with the first frame in the program's file. */
export function parseValgrind(log: string): NativeFinding | null {
  const lines = log.split('\n').map((line) => line.replace(/^==\d+== ?/, ''));
  for (let i = 0; i < lines.length; i++) {
    const header = lines[i]!;
    if (header === '' || /^\s/.test(header) || /^Warning:/.test(header)) continue;
    const frames: string[] = [];
    for (let k = i + 1; k < lines.length && lines[k] !== ''; k++) frames.push(lines[k]!);
    if (!frames.some((frame) => /^\s+(at|by) 0x/.test(frame))) continue;
    const lost = /are definitely lost in loss record/.test(header);
    const signal = /^Process terminating with default action of signal \d+ \((\w+)\)/.exec(header);
    const kind = lost
      ? 'definitely lost'
      : signal
        ? `${signal[1]}${/Stack overflow|can't grow stack/.test(frames.join(' ')) ? ' (stack overflow)' : ''}`
        : header
            .replace(/0x[0-9A-Fa-f]+/g, '0x…')
            .replace(/\d+/g, 'N')
            .replace(/^(Source and destination overlap in \w+).*/, '$1');
    const line = ownLine(frames);
    return {
      tool: 'valgrind',
      kind,
      leak: lost,
      line,
      leakLines: lost && line !== null ? leakLinesOf(lines) : [],
      excerpt: excerptOf([header, ...frames.slice(0, 5)]),
    };
  }
  return null;
}

function leakLinesOf(lines: string[]): number[] {
  const found: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/are definitely lost in loss record/.test(lines[i]!)) continue;
    const frames: string[] = [];
    for (let k = i + 1; k < lines.length && lines[k] !== ''; k++) frames.push(lines[k]!);
    const line = ownLine(frames);
    if (line !== null && !found.includes(line)) found.push(line);
  }
  return found;
}

/** A referee's finding on a run, or why it has none to give (the program did not compile, or ran out of time). */
export function judgeNative(
  referee: Referee,
  run: NativeRun,
): { finding: NativeFinding | null; failed: 'compile' | 'timeout' | null } {
  if (!run.compiled) return { finding: null, failed: 'compile' };
  const finding = referee === 'asan' ? parseSanitizer(run.report) : parseValgrind(run.report);
  if (finding) return { finding, failed: null };
  if (run.timedOut) return { finding: null, failed: 'timeout' };
  return { finding: null, failed: null };
}

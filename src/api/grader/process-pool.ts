/**
 * A fixed number of child processes taking jobs from one fair line (round-robin by owner: job-line.ts), each job
 * bounded three ways (its time by the clock the run pool uses too: JobClock, cpu-time.ts; docs/decisions/037):
 *
 * - CPU time: the child's main thread (where its WebAssembly runs; V8's compiler and GC threads are not the job's)
 *   read from /proc/<pid>/task/<pid>/stat. Past the cap the child gets SIGINT, which its script turns into a
 *   stop of the running code (vm's breakOnSigint), and it takes the next job without reloading anything; one that
 *   doesn't answer within a grace period is killed and replaced.
 * - wall-clock time, the same way (for a starved machine, and where /proc is missing).
 * - resident memory of the whole child, read from /proc/<pid>/status: past the cap it is killed and replaced.
 *   The child's own V8 flags (set by the caller) are the first bound; this one catches whatever they don't.
 *
 * Processes rather than threads: a child's memory is not the web server's, V8's flags bound it, and a child that
 * dies takes nothing else with it. Children are started before the first job, reused, replaced when they die.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nowMs } from '../../contracts/clock.js';
import { JobLine } from './job-line.js';
import { JobCrashedError, JobLimitError, JobTimeoutError, PoolUnavailableError } from './pool-errors.js';
import { JobClock } from './cpu-time.js';

/** Where the grader writes what went wrong (pino's shape: the server passes its logger). */
export interface GraderLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface ChildScript {
  path: string;
  execArgv: string[];
}

/** The compiled child next to this file, or (in tests and development, run from TypeScript) the source through tsx. */
export function childScript(name: string, base: string): ChildScript {
  const js = fileURLToPath(new URL(`./${name}.js`, base));
  if (existsSync(js)) return { path: js, execArgv: [] };
  const tsx = pathToFileURL(createRequire(base).resolve('tsx')).href;
  return { path: fileURLToPath(new URL(`./${name}.ts`, base)), execArgv: ['--import', tsx] };
}

export interface JobLimits {
  /** CPU time of the child's main thread, per job. */
  cpuMs: number;
  wallMs: number;
  /** Resident memory of the child, at any time. */
  rssBytes: number;
}

export interface ProcessPoolOptions {
  script: ChildScript;
  /** Arguments for each child's script. */
  args?: string[];
  /** Node and V8 flags for each child. */
  nodeFlags?: string[];
  size: number;
  maxQueue?: number;
  limits: JobLimits;
  /** How long a child may take to load and say it is ready. */
  startTimeoutMs?: number;
  /** How long a child may take to stop a job after SIGINT before it is killed. */
  interruptGraceMs?: number;
  pollMs?: number;
  log: GraderLog;
}

type ChildMessage<Res> =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: Res }
  | { type: 'interrupted'; id: number }
  | { type: 'failed'; id: number; error: string };

interface Job<Req, Res> {
  owner: string;
  request: Req;
  resolve(result: Res): void;
  reject(error: Error): void;
}

interface Running<Req, Res> {
  id: number;
  job: Job<Req, Res>;
  clock: JobClock;
  settled: boolean;
  /** Set once the job was stopped: the child must answer by then or be killed. */
  stopDeadline?: number;
}

interface Slot<Req, Res> {
  child?: ChildProcess;
  state: 'empty' | 'starting' | 'idle' | 'busy';
  running?: Running<Req, Res>;
  /** The child's last words on stderr (V8's fatal errors land here). */
  stderrTail: string;
  /** V8 said on stderr that the child ran out of memory (its fatal error, then a long native stack trace). */
  outOfMemory: boolean;
  /** The child was killed on purpose: its exit is no crash. */
  killed: boolean;
  failedStartAt?: number;
  started?: Promise<void>;
}

const RESTART_BACKOFF_MS = 5000;
let nextJobId = 1;

/** Whether a child's last words on stderr are V8's (or Clang's) report of running out of memory. */
export function saidOutOfMemory(stderr: string): boolean {
  return /out of memory|heap limit/i.test(stderr);
}

/** What to log of a dead child's stderr: V8's fatal error line if there is one (a native stack trace follows it). */
export function lastWords(stderr: string): string {
  return (stderr.split('\n').find((line) => /FATAL|out of memory/i.test(line)) ?? stderr).trim().slice(-600);
}

export class ProcessPool<Req, Res> {
  private readonly slots: Slot<Req, Res>[];
  private readonly line: JobLine<Job<Req, Res>>;
  private poller: NodeJS.Timeout | undefined;

  constructor(private readonly options: ProcessPoolOptions) {
    this.line = new JobLine(options.maxQueue ?? 1000);
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({
      state: 'empty' as const,
      stderrTail: '',
      outOfMemory: false,
      killed: false,
    }));
  }

  /** Starts every child (each loads its program and says it is ready); resolves when each is ready or has failed. */
  async start(): Promise<void> {
    await Promise.all(this.slots.map((slot) => (slot.state === 'empty' ? this.spawn(slot) : slot.started)));
  }

  /** Runs the job when a child is free and it is this owner's turn. */
  run(owner: string, request: Req): Promise<Res> {
    const result = this.line.admit<Res>(owner, (resolve, reject) => ({ owner, request, resolve, reject }));
    this.dispatch();
    return result;
  }

  /** Process ids of the children alive now (the bench adds up their memory). */
  pids(): number[] {
    return this.slots.flatMap((slot) => (slot.child?.pid ? [slot.child.pid] : []));
  }

  async close(): Promise<void> {
    this.line.close();
    clearInterval(this.poller);
    await Promise.all(
      this.slots.map((slot) => {
        if (slot.running && !slot.running.settled)
          this.settle(slot, (job) => job.reject(new PoolUnavailableError('the pool is closed')));
        const child = slot.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
        slot.killed = true;
        return new Promise<void>((resolve) => {
          child.once('close', () => resolve());
          child.kill('SIGKILL');
        });
      }),
    );
  }

  private spawn(slot: Slot<Req, Res>): Promise<void> {
    const { script, args = [], nodeFlags = [] } = this.options;
    const child = fork(script.path, args, {
      execArgv: [...script.execArgv, ...nodeFlags],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Nothing of the server's environment (its secrets) reaches the compiler.
      env: {},
    });
    slot.child = child;
    slot.state = 'starting';
    slot.killed = false;
    slot.stderrTail = '';
    slot.outOfMemory = false;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      slot.stderrTail = (slot.stderrTail + text).slice(-8000);
      if (saidOutOfMemory(slot.stderrTail)) slot.outOfMemory = true;
    });
    // An idle child doesn't keep this process alive (a pool nobody closed); one loading or working does.
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    slot.started = new Promise<void>((resolve) => {
      const startTimer = setTimeout(() => {
        this.options.log.error(
          { pid: child.pid, stderr: slot.stderrTail },
          `grader: a compiler process did not start within ${this.startTimeoutMs / 1000} s; killed`,
        );
        slot.killed = true;
        child.kill('SIGKILL');
      }, this.startTimeoutMs);
      startTimer.unref();
      child.on('message', (message: ChildMessage<Res>) => {
        if (message.type === 'ready') {
          clearTimeout(startTimer);
          if (slot.child !== child) return;
          slot.state = 'idle';
          slot.failedStartAt = undefined;
          holdOpen(child, false);
          resolve();
          this.dispatch();
          return;
        }
        this.onMessage(slot, child, message);
      });
      child.on('error', (error) =>
        this.options.log.error({ pid: child.pid, err: error.message }, 'grader: compiler process error'),
      );
      // 'close', not 'exit': by then all it wrote to stderr (V8's fatal errors) has been read.
      child.on('close', (code, signal) => {
        clearTimeout(startTimer);
        resolve();
        this.onExit(slot, child, code, signal);
      });
    });
    return slot.started;
  }

  private get startTimeoutMs(): number {
    return this.options.startTimeoutMs ?? 120_000;
  }

  private dispatch(): void {
    if (this.line.isClosed) return;
    for (const slot of this.slots) {
      if (this.line.size === 0) return;
      if (slot.state === 'idle') this.startJob(slot, this.line.next()!);
      else if (
        slot.state === 'empty' &&
        (slot.failedStartAt === undefined || nowMs() - slot.failedStartAt > RESTART_BACKOFF_MS)
      )
        void this.spawn(slot);
    }
    // Nothing can serve the queue (every child failed to start, recently): the grader is down, say so at once.
    if (this.line.size > 0 && this.slots.every((slot) => slot.state === 'empty')) {
      const cause = this.slots.map((slot) => slot.stderrTail.trim()).find(Boolean) ?? 'no output';
      this.line.refuseAll(new PoolUnavailableError(`the compiler processes could not start: ${cause.slice(-300)}`));
    }
  }

  private startJob(slot: Slot<Req, Res>, job: Job<Req, Res>): void {
    const child = slot.child!;
    const running: Running<Req, Res> = {
      id: nextJobId++,
      job,
      clock: new JobClock(mainThreadStatPath(child.pid!)),
      settled: false,
    };
    slot.state = 'busy';
    slot.running = running;
    holdOpen(child, true);
    child.send({ id: running.id, request: job.request }, (error) => {
      if (error)
        this.kill(slot, (j) =>
          j.reject(new JobCrashedError(`could not send the job to the compiler process: ${error.message}`)),
        );
    });
    if (!this.poller) {
      this.poller = setInterval(() => this.poll(), this.options.pollMs ?? 100);
      this.poller.unref();
    }
  }

  private poll(): void {
    const { cpuMs, wallMs, rssBytes } = this.options.limits;
    const now = nowMs();
    let busy = false;
    for (const slot of this.slots) {
      const running = slot.running;
      const pid = slot.child?.pid;
      if (slot.state !== 'busy' || !running || !pid) continue;
      busy = true;
      if (running.settled) {
        if (running.stopDeadline !== undefined && now > running.stopDeadline) {
          this.options.log.warn({ pid }, 'grader: a compiler process did not stop its job when asked; killed');
          this.kill(slot);
        }
        continue;
      }
      const rss = residentBytes(pid);
      if (rss !== null && rss > rssBytes) {
        this.kill(slot, (job) =>
          job.reject(
            new JobLimitError('memory', `the compiler process reached ${mb(rss)} of memory (cap ${mb(rssBytes)})`),
          ),
        );
        continue;
      }
      const passed = running.clock.passed(cpuMs, wallMs);
      if (passed?.limit === 'cpu')
        this.stop(slot, new JobLimitError('cpu', `the compile used ${passed.usedMs} ms of CPU time (cap ${cpuMs} ms)`));
      else if (passed) this.stop(slot, new JobTimeoutError(`the compile ran past ${wallMs} ms`));
    }
    if (!busy) {
      clearInterval(this.poller);
      this.poller = undefined;
    }
  }

  /** Ends the job with this error and asks the child to stop it (SIGINT); the child answers, or is killed later. */
  private stop(slot: Slot<Req, Res>, error: Error): void {
    this.settle(slot, (job) => job.reject(error));
    slot.running!.stopDeadline = nowMs() + (this.options.interruptGraceMs ?? 3000);
    slot.child?.kill('SIGINT');
  }

  /** Kills the child (ending its job, if any, with `outcome`); its exit starts a new one. */
  private kill(slot: Slot<Req, Res>, outcome?: (job: Job<Req, Res>) => void): void {
    if (outcome && slot.running && !slot.running.settled) this.settle(slot, outcome);
    slot.killed = true;
    slot.child?.kill('SIGKILL');
  }

  private settle(slot: Slot<Req, Res>, outcome: (job: Job<Req, Res>) => void, running = slot.running!): void {
    running.settled = true;
    this.line.charge(running.job.owner, running.clock.elapsedMs());
    outcome(running.job);
  }

  private onMessage(slot: Slot<Req, Res>, child: ChildProcess, message: ChildMessage<Res>): void {
    const running = slot.running;
    if (slot.child !== child || message.type === 'ready' || !running || message.id !== running.id) return;
    if (message.type === 'failed') {
      // Something other than the compiler failed in the child: start afresh.
      this.options.log.error({ pid: child.pid, err: message.error }, 'grader: the compiler process failed a job');
      this.kill(slot, (job) =>
        job.reject(new JobCrashedError(message.error.split('\n')[0] ?? 'the compiler process failed')),
      );
      return;
    }
    if (!running.settled) {
      if (message.type === 'result') this.settle(slot, (job) => job.resolve(message.result));
      else this.settle(slot, (job) => job.reject(new JobCrashedError('the compile was interrupted')));
    }
    slot.running = undefined;
    slot.state = 'idle';
    holdOpen(child, false);
    this.dispatch();
  }

  private onExit(slot: Slot<Req, Res>, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (slot.child !== child) return;
    const wasStarting = slot.state === 'starting';
    const running = slot.running;
    slot.child = undefined;
    slot.running = undefined;
    slot.state = 'empty';
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    const stderr = lastWords(slot.stderrTail);
    if (running && !running.settled) {
      // V8 stops a process whose JavaScript heap (or other memory it must have) runs out with a fatal error.
      const outOfMemory = slot.outOfMemory;
      this.settle(
        slot,
        (job) =>
          job.reject(
            outOfMemory
              ? new JobLimitError('memory', `the compiler process ran out of memory (${how}): ${stderr}`)
              : new JobCrashedError(`the compiler process died (${how}): ${stderr || 'no output'}`),
          ),
        running,
      );
    } else if (!slot.killed && !this.line.isClosed) {
      this.options.log.error(
        { pid: child.pid, how, stderr },
        wasStarting ? 'grader: a compiler process could not start' : 'grader: a compiler process died between jobs',
      );
    }
    if (wasStarting && !slot.killed) slot.failedStartAt = nowMs();
    if (this.line.isClosed) return;
    // Replaced at once (a killed or crashed child), unless it never started: then the next job tries again.
    if (!wasStarting) void this.spawn(slot);
    this.dispatch();
  }
}

function holdOpen(child: ChildProcess, hold: boolean): void {
  if (hold) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

/** The stat file of a process's main thread, whose CPU time is a compile's (cpu-time.ts). */
function mainThreadStatPath(pid: number): string {
  return `/proc/${pid}/task/${pid}/stat`;
}

/** Resident memory of a process in bytes, or null where /proc can't tell. */
export function residentBytes(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

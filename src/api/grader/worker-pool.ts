/**
 * A fixed number of worker threads taking jobs from one fair line (round-robin by owner: job-line.ts), each job's
 * time measured by the clock the compile pool uses too (JobClock, cpu-time.ts; docs/decisions/037). A job that runs
 * past its time limit has its worker terminated (which stops even a tight loop in WebAssembly) and
 * replaced, so one runaway program never blocks the pool, and the web server's own thread never runs a student's
 * code. A worker says when it is ready (its script loaded): a job's time limit counts from then, so a worker's
 * start is not charged to the first program it runs.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';
import { JobLine } from './job-line.js';
import { JobCrashedError, JobTimeoutError } from './pool-errors.js';
import { JobClock } from './cpu-time.js';

/** A worker's entry: the compiled file, or a line of code that loads the TypeScript source through tsx. */
export type WorkerScript = { url: URL } | { source: string };

/** The compiled worker next to this file, or (in tests and development, run from TypeScript) the source through tsx. */
export function workerScript(name: string, base: string): WorkerScript {
  const js = new URL(`./${name}.js`, base);
  if (existsSync(fileURLToPath(js))) return { url: js };
  const ts = new URL(`./${name}.ts`, base).href;
  return { source: `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(ts)}); })` };
}

interface Job<Req, Res> {
  owner: string;
  request: Req;
  transfer: Transferable[];
  timeoutMs: number;
  resolve(result: Res): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker | undefined;
  busy: boolean;
  /** The worker posted { ready: true }. */
  ready: boolean;
  /** The worker's thread's stat file, when it sent it: its jobs' limits are then CPU time (cpu-time.ts). */
  thread?: string;
  /** A job waiting for the worker to be ready. */
  onReady?: () => void;
}

/** How long a worker may take to load its script before the job waiting for it fails. */
const WORKER_START_TIMEOUT_MS = 60_000;
/**
 * A running job's time is looked at this often; one limited by CPU time is stopped at this many times its limit in
 * wall-clock time whatever its CPU time says (a starved machine, a thread waiting on nothing).
 */
const POLL_MS = 25;
const WALL_BACKSTOP = 5;
let nextJobId = 1;

export class WorkerPool<Req, Res> {
  private readonly slots: Slot[];
  private readonly line: JobLine<Job<Req, Res>>;

  constructor(
    private readonly options: {
      script: WorkerScript;
      size: number;
      resourceLimits?: ResourceLimits;
      maxQueue?: number;
      /** Given to each worker as it starts (node:worker_threads' workerData). */
      workerData?: unknown;
    },
  ) {
    this.line = new JobLine(options.maxQueue ?? 1000);
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({
      worker: undefined,
      busy: false,
      ready: false,
    }));
  }

  /** Starts every worker, so the first jobs don't wait for one to load. */
  start(): void {
    for (const slot of this.slots) if (!slot.worker && !this.line.isClosed) this.spawn(slot);
  }

  /** Runs the job when a worker is free and it is this owner's turn. */
  run(owner: string, request: Req, timeoutMs: number, transfer: Transferable[] = []): Promise<Res> {
    const result = this.line.admit<Res>(owner, (resolve, reject) => ({
      owner,
      request,
      transfer,
      timeoutMs,
      resolve,
      reject,
    }));
    this.dispatch();
    return result;
  }

  async close(): Promise<void> {
    this.line.close();
    await Promise.all(this.slots.map((slot) => slot.worker?.terminate()));
  }

  private spawn(slot: Slot): Worker {
    const script = this.options.script;
    const worker = new Worker('url' in script ? script.url : script.source, {
      eval: !('url' in script),
      resourceLimits: this.options.resourceLimits,
      workerData: this.options.workerData,
      // The student's program gets no environment; neither does the worker that runs it.
      env: {},
      stdout: true,
      stderr: true,
    });
    // Nothing a worker prints reaches the server's log uninvited.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    slot.worker = worker;
    slot.ready = false;
    worker.on('message', (message: { ready?: boolean; thread?: string | null }) => {
      if (!message?.ready || slot.worker !== worker) return;
      slot.ready = true;
      slot.thread = message.thread ?? undefined;
      slot.onReady?.();
    });
    return worker;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.line.size === 0) return;
      if (slot.busy) continue;
      this.startJob(slot, this.line.next()!);
    }
  }

  private startJob(slot: Slot, job: Job<Req, Res>): void {
    slot.busy = true;
    const worker = slot.worker ?? this.spawn(slot);
    const id = nextJobId++;
    let started = performance.now();
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let poll: NodeJS.Timeout | undefined;
    const finish = (outcome: () => void, replaceWorker: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      slot.onReady = undefined;
      this.line.charge(job.owner, performance.now() - started);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (replaceWorker) {
        if (slot.worker === worker) slot.worker = undefined;
        void worker.terminate();
      }
      slot.busy = false;
      outcome();
      if (!this.line.isClosed) this.dispatch();
    };
    const onMessage = (message: { id?: number; ok: boolean; result?: Res; error?: string; collecting?: boolean }) => {
      if (message.id !== id) return;
      // A worker that tidies up after answering (run-worker.ts collects its garbage) says when it is ready again: the
      // next job's clock starts then, so no job pays for the one before.
      if (message.collecting) slot.ready = false;
      finish(
        () =>
          message.ok
            ? job.resolve(message.result as Res)
            : job.reject(new JobCrashedError(message.error ?? 'the worker failed')),
        false,
      );
    };
    const onError = (error: Error & { code?: string }) =>
      finish(
        () =>
          job.reject(
            new JobCrashedError(`the worker failed: ${error.code ? `${error.code} ` : ''}${error.message}`, error.code),
          ),
        true,
      );
    const onExit = (code: number) =>
      finish(() => job.reject(new JobCrashedError(`the worker stopped (exit code ${code})`)), true);
    const timedOut = (why: string, byWallClock = false) =>
      finish(() => job.reject(new JobTimeoutError(why, byWallClock)), true);
    const begin = () => {
      slot.onReady = undefined;
      clearTimeout(timer);
      started = performance.now();
      // The limit is the thread's CPU time (a loaded machine slows a job down, it does not change its verdict), with
      // the wall clock as a backstop; where the thread's time can't be read, the wall clock alone.
      const clock = new JobClock(slot.thread);
      const wallMs = clock.measuresCpu ? WALL_BACKSTOP * job.timeoutMs : job.timeoutMs;
      poll = setInterval(() => {
        const passed = clock.passed(job.timeoutMs, wallMs);
        if (passed?.limit === 'cpu') timedOut(`used ${passed.usedMs} ms of CPU time (limit ${job.timeoutMs} ms)`);
        else if (passed) timedOut(`ran past ${wallMs} ms`, clock.measuresCpu);
      }, POLL_MS);
      worker.postMessage({ id, request: job.request }, job.transfer);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    if (slot.ready) begin();
    else {
      slot.onReady = begin;
      timer = setTimeout(
        () =>
          finish(
            () =>
              job.reject(new JobCrashedError(`the worker did not start within ${WORKER_START_TIMEOUT_MS / 1000} s`)),
            true,
          ),
        WORKER_START_TIMEOUT_MS,
      );
    }
  }
}

/**
 * A fixed number of worker threads taking jobs from one queue. A job that runs past its time limit has its
 * worker terminated (which stops even a tight loop in WebAssembly) and replaced, so one runaway program never
 * blocks the pool, and the web server's own thread never runs a compiler or a student's code.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, type Transferable, Worker } from 'node:worker_threads';

export class JobTimeoutError extends Error {}
export class WorkerFailedError extends Error {}

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
  request: Req;
  transfer: Transferable[];
  timeoutMs: number;
  resolve(result: Res): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker | undefined;
  busy: boolean;
}

let nextJobId = 1;

export class WorkerPool<Req, Res> {
  private readonly slots: Slot[];
  private readonly queue: Job<Req, Res>[] = [];
  private closed = false;

  constructor(
    private readonly options: { script: WorkerScript; size: number; resourceLimits?: ResourceLimits; maxQueue?: number },
  ) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({ worker: undefined, busy: false }));
  }

  run(request: Req, timeoutMs: number, transfer: Transferable[] = []): Promise<Res> {
    if (this.closed) return Promise.reject(new WorkerFailedError('the pool is closed'));
    if (this.queue.length >= (this.options.maxQueue ?? 1000)) return Promise.reject(new WorkerFailedError('the queue is full'));
    return new Promise<Res>((resolve, reject) => {
      this.queue.push({ request, transfer, timeoutMs, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new WorkerFailedError('the pool is closed'));
    await Promise.all(this.slots.map((slot) => slot.worker?.terminate()));
  }

  private spawn(slot: Slot): Worker {
    const script = this.options.script;
    const worker = new Worker('url' in script ? script.url : script.source, {
      eval: !('url' in script),
      resourceLimits: this.options.resourceLimits,
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
    return worker;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.busy) continue;
      const job = this.queue.shift()!;
      this.start(slot, job);
    }
  }

  private start(slot: Slot, job: Job<Req, Res>): void {
    slot.busy = true;
    const worker = slot.worker ?? this.spawn(slot);
    const id = nextJobId++;
    let settled = false;
    const finish = (outcome: () => void, replaceWorker: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (replaceWorker) {
        if (slot.worker === worker) slot.worker = undefined;
        void worker.terminate();
      }
      slot.busy = false;
      outcome();
      if (!this.closed) this.dispatch();
    };
    const onMessage = (message: { id: number; ok: boolean; result?: Res; error?: string }) => {
      if (message.id !== id) return;
      finish(() => (message.ok ? job.resolve(message.result as Res) : job.reject(new WorkerFailedError(message.error ?? 'the worker failed'))), false);
    };
    const onError = (error: Error) => finish(() => job.reject(new WorkerFailedError(error.message)), true);
    const onExit = () => finish(() => job.reject(new WorkerFailedError('the worker stopped')), true);
    const timer = setTimeout(() => finish(() => job.reject(new JobTimeoutError(`ran past ${job.timeoutMs} ms`)), true), job.timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ id, request: job.request }, job.transfer);
  }
}

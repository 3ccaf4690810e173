/**
 * Runs similarity checks in one worker thread of their own, so the web server's thread never parses or compares
 * code. Checks queue for it (Dolos's native parser cannot load in two threads at once), each with its time limit: a
 * check past it, or a worker that fails or runs out of memory, ends that worker and the check; the next check
 * starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { workerScript } from '../grader/worker-pool.js';
import type { AnalysisInput, AnalysisProgress, AnalysisResult } from './similarity-analysis.js';
import type { SimilarityJob, SimilarityWorkerMessage } from './similarity-worker.js';

export type SimilarityRunner = (
  input: AnalysisInput,
  options: { onProgress: (progress: AnalysisProgress) => void; signal: AbortSignal },
) => Promise<AnalysisResult>;

export class SimilarityRunError extends Error {}

interface Queued {
  job: number;
  input: AnalysisInput;
  onProgress: (progress: AnalysisProgress) => void;
  signal: AbortSignal;
  resolve: (result: AnalysisResult) => void;
  reject: (error: Error) => void;
}

export function createWorkerRunner({ timeoutMs }: { timeoutMs: number }): SimilarityRunner {
  const queue: Queued[] = [];
  let worker: Worker | undefined;
  let current: (Queued & { worker: Worker; finish: (outcome: () => void) => void }) | undefined;
  let jobs = 0;

  function startWorker(): Worker {
    const script = workerScript('similarity-worker', import.meta.url);
    const started = new Worker('url' in script ? script.url : script.source, {
      eval: !('url' in script),
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
      env: {},
      stdout: true,
      stderr: true,
    });
    started.stdout.resume();
    started.stderr.resume();
    started.unref();
    started.on('message', (message: SimilarityWorkerMessage) => {
      if (!current || current.worker !== started || message.job !== current.job) return;
      const check = current;
      if (message.progress) return check.onProgress(message.progress);
      if (message.ok) check.finish(() => check.resolve(message.result));
      else check.finish(() => check.reject(new SimilarityRunError(message.error)));
    });
    const gone = (why: string) => {
      if (worker === started) worker = undefined;
      // Only the check this worker was running: a worker ended for its time limit exits after the next one began.
      const check = current?.worker === started ? current : undefined;
      check?.finish(() => check.reject(new SimilarityRunError(why)));
    };
    started.on('error', (error) => gone(error.message));
    started.on('exit', (code) => gone(`the worker stopped (exit code ${code})`));
    return started;
  }

  function next(): void {
    if (current) return;
    const check = queue.shift();
    if (!check) return;
    if (check.signal.aborted) {
      check.reject(new SimilarityRunError('the server is stopping'));
      return next();
    }
    worker ??= startWorker();
    const running = worker;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      check.signal.removeEventListener('abort', onAbort);
      current = undefined;
      outcome();
      next();
    };
    // A check past its limit ends with its worker (nothing else stops Dolos mid-way); the next check starts anew.
    const stop = (why: string) => {
      if (worker === running) worker = undefined;
      void running.terminate();
      finish(() => check.reject(new SimilarityRunError(why)));
    };
    const timer = setTimeout(() => stop(`ran past ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    const onAbort = () => stop('the server is stopping');
    check.signal.addEventListener('abort', onAbort);
    current = { ...check, worker: running, finish };
    running.postMessage({ job: check.job, input: check.input } satisfies SimilarityJob);
  }

  return (input, { onProgress, signal }) =>
    new Promise<AnalysisResult>((resolve, reject) => {
      jobs += 1;
      queue.push({ job: jobs, input, onProgress, signal, resolve, reject });
      next();
    });
}

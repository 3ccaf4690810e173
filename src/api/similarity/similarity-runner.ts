/**
 * Runs one similarity check in its own worker thread, so the web server's thread never parses or compares code. A
 * worker that fails, runs out of memory or passes the time limit is ended and the check rejected with a message.
 */
import { Worker } from 'node:worker_threads';
import { workerScript } from '../grader/worker-pool.js';
import type { AnalysisInput, AnalysisPair, AnalysisProgress } from './similarity-analysis.js';
import type { SimilarityWorkerMessage } from './similarity-worker.js';

export type SimilarityRunner = (
  input: AnalysisInput,
  options: { onProgress: (progress: AnalysisProgress) => void; signal: AbortSignal },
) => Promise<AnalysisPair[]>;

export class SimilarityRunError extends Error {}

export function createWorkerRunner({ timeoutMs }: { timeoutMs: number }): SimilarityRunner {
  return (input, { onProgress, signal }) =>
    new Promise<AnalysisPair[]>((resolve, reject) => {
      const script = workerScript('similarity-worker', import.meta.url);
      const worker = new Worker('url' in script ? script.url : script.source, {
        eval: !('url' in script),
        workerData: input,
        resourceLimits: { maxOldGenerationSizeMb: 1024 },
        env: {},
        stdout: true,
        stderr: true,
      });
      worker.stdout.resume();
      worker.stderr.resume();
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        void worker.terminate();
        outcome();
      };
      const timer = setTimeout(
        () => finish(() => reject(new SimilarityRunError(`ran past ${Math.round(timeoutMs / 1000)} s`))),
        timeoutMs,
      );
      const onAbort = () => finish(() => reject(new SimilarityRunError('the server is stopping')));
      signal.addEventListener('abort', onAbort);
      worker.on('message', (message: SimilarityWorkerMessage) => {
        if (message.progress) return onProgress(message.progress);
        if (message.ok) finish(() => resolve(message.pairs));
        else finish(() => reject(new SimilarityRunError(message.error)));
      });
      worker.on('error', (error) => finish(() => reject(new SimilarityRunError(error.message))));
      worker.on('exit', (code) =>
        finish(() => reject(new SimilarityRunError(`the worker stopped (exit code ${code})`))),
      );
    });
}

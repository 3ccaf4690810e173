/**
 * Runs similarity checks one at a time, each in a child process of its own (similarity-child.ts), so the web
 * server's process never parses or compares code and never holds a check's memory. A worker thread could not give
 * that: its resourceLimits bound V8's heap, but a check that outgrew them (or the memory outside the heap) still
 * ended the whole process, and with it the site.
 *
 * Each check is bounded three ways, with the compile processes' pieces (process-pool.ts):
 * - its JavaScript heap: the child runs with --max-old-space-size; past it V8 ends the child with a fatal error;
 * - its resident memory, read from /proc every `pollMs`: past the cap the child is killed (the heap flag does not
 *   cover the parser's WebAssembly memory or buffers);
 * - its time: past the limit the child is killed.
 * A check that reaches a cap, or whose child dies, fails on its own with the reason; the next check in the queue
 * starts a new child. A fresh child per check: checks are rare and long, and none inherits another's heap.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { childScript, lastWords, mb, residentBytes, saidOutOfMemory } from '../grader/process-pool.js';
import type { AnalysisInput, AnalysisProgress, AnalysisResult } from './similarity-analysis.js';
import type { SimilarityChildMessage } from './similarity-child.js';

export type SimilarityRunner = (
  input: AnalysisInput,
  options: { onProgress: (progress: AnalysisProgress) => void; signal: AbortSignal },
) => Promise<AnalysisResult>;

/** Why a check did not finish: its time limit, its memory cap, the server stopping, or its process failing. */
export type SimilarityFailure = 'timeout' | 'memory' | 'stopping' | 'failed';

export class SimilarityRunError extends Error {
  constructor(
    readonly failure: SimilarityFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface SimilarityLimits {
  /** A check's time limit: its child is killed after it. */
  timeoutMs: number;
  /** The child's JavaScript heap (V8's --max-old-space-size), in MB. */
  heapMb?: number;
  /** The child's resident memory, in MB, at any time. */
  rssMb?: number;
  /** How often the child's resident memory is read. */
  pollMs?: number;
}

/**
 * The largest legal batch measured (50 submissions of 2,000 lines) peaks at about 200 MB of heap and 360 MB
 * resident in the child (docs/decisions/017): these leave room for a few times that, and stay well within a
 * machine that also runs the site and its compile processes.
 */
export const SIMILARITY_HEAP_MB = 768;
export const SIMILARITY_RSS_MB = 1024;

interface Queued {
  input: AnalysisInput;
  onProgress: (progress: AnalysisProgress) => void;
  signal: AbortSignal;
  resolve: (result: AnalysisResult) => void;
  reject: (error: SimilarityRunError) => void;
}

export function createChildRunner({
  timeoutMs,
  heapMb = SIMILARITY_HEAP_MB,
  rssMb = SIMILARITY_RSS_MB,
  pollMs = 250,
}: SimilarityLimits): SimilarityRunner {
  const queue: Queued[] = [];
  let running = false;
  const script = childScript('similarity-child', import.meta.url);

  function next(): void {
    if (running) return;
    const check = queue.shift();
    if (!check) return;
    if (check.signal.aborted) {
      check.reject(new SimilarityRunError('stopping', 'the server is stopping'));
      return next();
    }
    running = true;
    run(check);
  }

  function run(check: Queued): void {
    const child: ChildProcess = fork(script.path, [], {
      execArgv: [...script.execArgv, `--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Nothing of the server's environment (its secrets) reaches the child.
      env: {},
    });
    let stderr = '';
    let settled = false;
    let released = false;
    // The next check starts once this child is gone (or never started).
    const release = () => {
      if (released) return;
      released = true;
      running = false;
      next();
    };
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      check.signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (failure: SimilarityFailure, why: string) =>
      finish(() => check.reject(new SimilarityRunError(failure, why)));
    // Ends the child; the queue moves on once it has exited.
    const stop = (failure: SimilarityFailure, why: string) => {
      fail(failure, why);
      child.kill('SIGKILL');
    };

    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      stderr = (stderr + text).slice(-8000);
    });
    child.on('message', (message: SimilarityChildMessage) => {
      if (settled) return;
      if (message.type === 'progress') check.onProgress(message.progress);
      else if (message.type === 'result') finish(() => check.resolve(message.result));
      else fail('failed', message.error);
    });
    child.on('error', (error) => {
      stop('failed', `the similarity process could not run: ${error.message}`);
      if (child.pid === undefined) release();
    });
    // 'close', not 'exit': by then all it wrote to stderr (V8's fatal error) has been read.
    child.on('close', (code, signal) => {
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (saidOutOfMemory(stderr))
        fail('memory', `the similarity process ran out of memory (${how}): ${lastWords(stderr)}`);
      else fail('failed', `the similarity process died (${how}): ${lastWords(stderr) || 'no output'}`);
      release();
    });

    const timer = setTimeout(() => stop('timeout', `ran past ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    const watch = setInterval(() => {
      const rss = child.pid === undefined ? null : residentBytes(child.pid);
      if (rss !== null && rss > rssMb * 1024 * 1024)
        stop('memory', `the similarity process reached ${mb(rss)} of memory (cap ${rssMb} MB)`);
    }, pollMs);
    const onAbort = () => stop('stopping', 'the server is stopping');
    check.signal.addEventListener('abort', onAbort);
    child.send(check.input, (error) => {
      if (error) stop('failed', `could not send the check to the similarity process: ${error.message}`);
    });
  }

  return (input, { onProgress, signal }) =>
    new Promise<AnalysisResult>((resolve, reject) => {
      queue.push({ input, onProgress, signal, resolve, reject });
      next();
    });
}

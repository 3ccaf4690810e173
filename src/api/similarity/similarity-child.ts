/**
 * Child process: one similarity check, then it exits. A process of its own (similarity-runner.ts forks it for each
 * check) because a worker thread's resource limits do not protect the process it runs in: checks of legal files
 * once ran the web server out of memory and took it down. Here V8's --max-old-space-size, set by the runner, bounds
 * the check alone; past it V8 ends this process and the check fails, not the site.
 */
import { setPriority } from 'node:os';
import {
  type AnalysisInput,
  type AnalysisProgress,
  type AnalysisResult,
  analyzeSimilarity,
} from './similarity-analysis.js';

/** What the child says about its check: progress as it goes, then the outcome. */
export type SimilarityChildMessage =
  | { type: 'progress'; progress: AnalysisProgress }
  | { type: 'result'; result: AnalysisResult }
  | { type: 'failed'; error: string };

const send = (message: SimilarityChildMessage, then?: () => void) =>
  process.send?.(message, undefined, undefined, () => then?.());

// A check is background work: on a machine of two cores the web server's requests should get the CPU first (nice 10;
// on Linux this is the main thread, where the check runs).
try {
  setPriority(10);
} catch {
  // Not allowed here: the check runs at the server's priority.
}

// The runner went away (the server stopped): so does the check.
process.on('disconnect', () => process.exit(0));

process.once('message', (input: AnalysisInput) => {
  analyzeSimilarity(input, (progress) => send({ type: 'progress', progress })).then(
    (result) => send({ type: 'result', result }, () => process.exit(0)),
    (error: unknown) =>
      send({ type: 'failed', error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
});

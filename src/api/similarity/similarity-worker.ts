/**
 * Worker thread: one similarity check. Takes the files from workerData, posts progress as it goes, then the ranked
 * pairs (or the error) and ends. Started by similarity-runner.ts, which owns its time limit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type AnalysisInput, analyzeSimilarity } from './similarity-analysis.js';

const port = parentPort!;
try {
  const pairs = await analyzeSimilarity(workerData as AnalysisInput, (progress) => port.postMessage({ progress }));
  port.postMessage({ ok: true, pairs });
} catch (error) {
  port.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
}

/**
 * Worker thread: one similarity check. Takes the files from workerData, posts progress as it goes, then the ranked
 * pairs (or the error) and ends. Started by similarity-runner.ts, which owns its time limit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  type AnalysisInput,
  type AnalysisPair,
  type AnalysisProgress,
  analyzeSimilarity,
} from './similarity-analysis.js';

const port = parentPort!;

/** What the worker posts: progress as it goes, then the outcome. */
export type SimilarityWorkerMessage =
  | { progress: AnalysisProgress; ok?: undefined }
  | { ok: true; pairs: AnalysisPair[]; progress?: undefined }
  | { ok: false; error: string; progress?: undefined };

const post = (message: SimilarityWorkerMessage) => port.postMessage(message);

try {
  const pairs = await analyzeSimilarity(workerData as AnalysisInput, (progress) => post({ progress }));
  post({ ok: true, pairs });
} catch (error) {
  post({ ok: false, error: error instanceof Error ? error.message : String(error) });
}

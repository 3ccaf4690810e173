/**
 * Worker thread: similarity checks, one at a time, for as long as the process needs them. Dolos's parsers are a
 * native module that fails to load in two threads at once ("Module did not self-register"), so one thread loads
 * it and serves every check; similarity-runner.ts queues them and owns each check's time limit.
 */
import { parentPort } from 'node:worker_threads';
import {
  type AnalysisInput,
  type AnalysisProgress,
  type AnalysisResult,
  analyzeSimilarity,
} from './similarity-analysis.js';

const port = parentPort!;

/** A check the runner sends: its number and its files. */
export interface SimilarityJob {
  job: number;
  input: AnalysisInput;
}

/** What the worker posts about a check: progress as it goes, then the outcome. */
export type SimilarityWorkerMessage =
  | { job: number; progress: AnalysisProgress; ok?: undefined }
  | { job: number; ok: true; result: AnalysisResult; progress?: undefined }
  | { job: number; ok: false; error: string; progress?: undefined };

const post = (message: SimilarityWorkerMessage) => port.postMessage(message);

port.on('message', ({ job, input }: SimilarityJob) => {
  analyzeSimilarity(input, (progress) => post({ job, progress })).then(
    (result) => post({ job, ok: true, result }),
    (error: unknown) => post({ job, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});

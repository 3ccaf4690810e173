/**
 * Worker thread: reads import files (exercise bank JSON, Moodle XML, Dodona folders), one at a time, so parsing and
 * validating megabytes never holds the web server's event loop. The time limit and the heap cap are the pool's
 * (import-reader.ts): past either, this worker is ended and the next import starts a new one.
 */
import { parentPort } from 'node:worker_threads';
import type { ImportInput } from '../../contracts/exercises.js';
import type { ParsedBank } from './exercise-bank.js';
import { readImport } from './import-reading.js';

/** What the reader sends: the request body as the route validated it. */
export type ImportRequest = ImportInput;
/** What comes back: the programs read, and what was left out with why. */
export type ImportResponse = ParsedBank;

parentPort?.on('message', ({ id, request }: { id: number; request: ImportRequest }) => {
  try {
    parentPort?.postMessage({ id, ok: true, result: readImport(request) satisfies ImportResponse });
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
// Loaded: the pool starts the first import's clock now.
parentPort?.postMessage({ ready: true });

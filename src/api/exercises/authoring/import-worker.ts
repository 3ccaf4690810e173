/**
 * Worker thread: reads import files (exercise bank JSON, Moodle XML, Dodona folders), one at a time, so parsing and
 * validating megabytes never holds the web server's event loop. The time limit and the heap cap are the pool's
 * (import-reader.ts): past either, this worker is ended and the next import starts a new one.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { ImportInput } from '../../../contracts/exercises/authoring.js';
import type { ParsedBank } from './exercise-bank.js';
import { readImport } from './import-reading.js';

/** What the reader sends: the request body as the route validated it. */
export type ImportRequest = ImportInput;
/** What comes back: the programs read, and what was left out with why. */
export type ImportResponse = ParsedBank;

// On Linux a thread's nice value is its own (elsewhere it is the whole process's, so it is left alone there). At 5,
// reading a file gives way to the web server's thread when both want a core: on a busy two-core machine GET / kept
// to a worst of 28-61 ms (at 0: 48-138 ms) while a 4 MB import took 2-5 s (at 10 it took 6-9 s).
if (process.platform === 'linux') {
  try {
    setPriority(5);
  } catch {
    // A sandbox that refuses it: the file is read at the usual priority.
  }
}

parentPort?.on('message', ({ id, request }: { id: number; request: ImportRequest }) => {
  try {
    parentPort?.postMessage({ id, ok: true, result: readImport(request) satisfies ImportResponse });
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
// Loaded: the pool starts the first import's clock now.
parentPort?.postMessage({ ready: true });

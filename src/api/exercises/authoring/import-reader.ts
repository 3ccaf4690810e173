/**
 * Import files are read in a worker thread of their own (import-worker.ts), one at a time, with a time limit and a
 * heap cap: a 4 MB Moodle export took seconds to parse, and on the web server's thread every other request waited
 * for it. A read past a limit, or a worker that dies, ends with a reason the teacher can act on, never a 500.
 */
import { IMPORT_LIMITS, importMessages } from '../../../contracts/exercises/authoring.js';
import { JobCrashedError, JobTimeoutError, PoolUnavailableError } from '../../grader/pool-errors.js';
import { WorkerPool, workerScript } from '../../grader/worker-pool.js';
import { AppError } from '../../http/app-error.js';
import type { ImportRequest, ImportResponse } from './import-worker.js';

export interface ImportReader {
  /** The programs of an import file (or folder) and what was left out, read off this thread; or an AppError. */
  read(owner: string, request: ImportRequest): Promise<ImportResponse>;
  close(): Promise<void>;
}

/** Where a read stopped by a limit (warn) or a reader's fault (error) is told: the app's logger. */
interface ReaderLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface ReaderOptions {
  log?: ReaderLog;
  timeoutMs?: number;
  heapMb?: number;
}

export function createImportReader({
  log,
  timeoutMs = IMPORT_LIMITS.readMs,
  heapMb = IMPORT_LIMITS.readHeapMb,
}: ReaderOptions = {}): ImportReader {
  // One worker, started at the first import (imports are rare; an idle thread is memory for nothing). Imports wait
  // in a fair queue, each teacher's in turn; a few at most, as each holds its file.
  const pool = new WorkerPool<ImportRequest, ImportResponse>({
    script: workerScript('import-worker', import.meta.url),
    size: 1,
    maxQueue: 8,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  let closed = false;
  return {
    async read(owner, request) {
      try {
        return await pool.run(owner, request, timeoutMs);
      } catch (error) {
        const cause = error instanceof Error ? error.message : String(error);
        if (error instanceof PoolUnavailableError)
          throw closed
            ? new AppError('unavailable', importMessages.stopping)
            : new AppError('tooManyRequests', importMessages.busy, { retryAfterS: 60 });
        if (error instanceof JobTimeoutError) {
          log?.warn({ owner, cause }, 'import: reading a file ran past its time limit and was stopped');
          throw new AppError('payloadTooLarge', importMessages.tooSlow);
        }
        if (error instanceof JobCrashedError && error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          log?.warn({ owner, cause }, 'import: reading a file reached its heap cap and was stopped');
          throw new AppError('payloadTooLarge', importMessages.tooLarge);
        }
        // Reading catches what a file can cause: what gets here is a fault of the reader's, for the log.
        log?.error({ owner, cause }, 'import: the reader failed');
        throw new AppError('validation', importMessages.failed);
      }
    },
    async close() {
      closed = true;
      await pool.close();
    },
  };
}

/** How a job sent to a pool (worker threads or child processes) can end other than with its result. */

/** The pool can't take the job at all (closed, queue full, its processes can't start): the grader is down. */
export class PoolUnavailableError extends Error {}

/** The job ran past its wall-clock limit and was stopped. */
export class JobTimeoutError extends Error {}

/** The job passed a resource cap (CPU time or memory) and was stopped. */
export class JobLimitError extends Error {
  constructor(
    readonly limit: 'cpu' | 'memory',
    message: string,
  ) {
    super(message);
  }
}

/** The worker or process running the job failed (threw, crashed or died): the cause is in the message. */
export class JobCrashedError extends Error {
  constructor(
    message: string,
    /** Node's code for how a worker failed, when it gave one (ERR_WORKER_OUT_OF_MEMORY: its heap cap). */
    readonly code?: string,
  ) {
    super(message);
  }
}

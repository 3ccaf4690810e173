/** How a job sent to a pool (worker threads or child processes) can end other than with its result. */

/** The pool can't take the job at all (closed, queue full, its processes can't start): the grader is down. */
export class PoolUnavailableError extends Error {}

/**
 * The job ran past its time limit and was stopped: its CPU time, or (`byWallClock`) the wall-clock backstop, which
 * a job that used little CPU reaches only when the machine is too busy to give it its turns.
 */
export class JobTimeoutError extends Error {
  constructor(
    message: string,
    readonly byWallClock = false,
  ) {
    super(message);
  }
}

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

/**
 * What the grader's two pools (compile processes, process-pool.ts; run workers, worker-pool.ts) share about the jobs
 * waiting for them: one line, fair between owners (fair-queue.ts), bounded, and closed with the pool. A job the line
 * refuses fails at once with PoolUnavailableError: the grader is down or overloaded, not the student's program.
 */
import { FairQueue } from './fair-queue.js';
import { PoolUnavailableError } from './pool-errors.js';

interface Waiting {
  owner: string;
  reject(error: Error): void;
}

export class JobLine<J extends Waiting> {
  private readonly queue = new FairQueue<J>();
  private closed = false;

  constructor(private readonly maxQueue: number) {}

  get size(): number {
    return this.queue.size;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Puts in line the job `make` builds (given how to settle it), or refuses it: the pool closed, the line full. */
  admit<R>(owner: string, make: (resolve: (result: R) => void, reject: (error: Error) => void) => J): Promise<R> {
    if (this.closed) return Promise.reject(new PoolUnavailableError('the pool is closed'));
    if (this.queue.size >= this.maxQueue) return Promise.reject(new PoolUnavailableError('the queue is full'));
    return new Promise<R>((resolve, reject) => this.queue.push(owner, make(resolve, reject)));
  }

  /** The job whose turn it is (fair-queue.ts says whose). */
  next(): J | undefined {
    return this.queue.shift()?.item;
  }

  /** A job of this owner held a slot this long: its owner's next turn waits accordingly. */
  charge(owner: string, ms: number): void {
    this.queue.charge(owner, ms);
  }

  /** Fails every job waiting with this error (nothing can serve them). */
  refuseAll(error: Error): void {
    for (const job of this.queue.drain()) job.reject(error);
  }

  /** No job is taken from now on; those waiting fail. */
  close(): void {
    this.closed = true;
    this.refuseAll(new PoolUnavailableError('the pool is closed'));
  }
}

import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a route starts and does not wait for, so that how long the answer takes tells the caller nothing (a password
 * reset for an address that may have no account, say). Each piece is kept until it ends: closing the site waits for
 * them before the database goes, and a test waits for them rather than guessing how long they take.
 */
export interface AfterAnswer {
  /** Starts `work`; a failure is logged under `what`, never thrown at the caller. */
  run(what: string, work: () => Promise<void>): void;
  /** Resolves once every piece started so far, and any they started, has ended. */
  settled(): Promise<void>;
}

export function createAfterAnswer(log: FastifyBaseLogger): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(what, work) {
      const piece: Promise<void> = Promise.resolve()
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => pending.delete(piece));
      pending.add(piece);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

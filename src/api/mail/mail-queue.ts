import { afterCommit, type EffectLog } from '../db/after-commit.js';
import type { Db } from '../db/schema.js';
import { enqueueMail, type OutgoingMail } from './outbox.repository.js';

/**
 * The one way the site queues mail: writes it to the outbox in the caller's transaction (opened with `transact`) and
 * wakes the mail worker once that commits — once per transaction however many messages it queued. On a plain
 * database handle the worker is woken at once.
 */
export function createMailQueue({ wake, log }: { wake: () => void; log: EffectLog }) {
  // One function for the whole app, so a transaction's many messages wake the worker once.
  const wakeWorker = () => wake();
  return {
    async enqueue(db: Db, mail: OutgoingMail): Promise<number> {
      const id = await enqueueMail(db, mail);
      afterCommit(db, log, wakeWorker);
      return id;
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;

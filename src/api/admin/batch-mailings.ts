import type { Kysely, Transaction } from 'kysely';
import type { BatchMailingResult } from '../../contracts/admin.js';
import { transact } from '../db/after-commit.js';
import type { BatchMailingTable, Database } from '../db/schema.js';
import { findPreviousMailing, insertMailing, lockBatch } from './batches.repository.js';

interface Mailing {
  batchNumber: number;
  kind: BatchMailingTable['kind'];
  /** What is sent: the start date or the meeting link. Sending something else (a new link) is not a repeat. */
  content: string;
  /** Send again what was already sent, as the admin confirmed. */
  resend: boolean;
}

/**
 * Queues a batch's announcement or meeting link once: if the same date or link already went to this batch, nothing
 * is queued and the earlier sending is answered instead, for the admin to confirm a second one (issue 16: a second
 * click used to send identical emails without a word). The check and the record happen in one transaction under
 * the batch's row lock, so two clicks at once can't both pass it. `queue` enqueues the emails and says how many; what
 * it registers to run after the commit (the mail worker's wake) runs once the transaction commits.
 */
export async function mailBatchOnce(
  db: Kysely<Database>,
  mailing: Mailing,
  queue: (trx: Transaction<Database>) => Promise<number>,
): Promise<BatchMailingResult> {
  return transact(db, async (trx) => {
    await lockBatch(trx, mailing.batchNumber);
    if (!mailing.resend) {
      const previous = await findPreviousMailing(trx, mailing);
      if (previous) return { queued: 0, already_sent: { students: previous.recipients, sent_at: previous.sent_at } };
    }
    const queued = await queue(trx);
    // Sending to nobody (no paid student yet) is not a sending to ask about later.
    if (queued > 0) await insertMailing(trx, { ...mailing, recipients: queued });
    return { queued };
  });
}

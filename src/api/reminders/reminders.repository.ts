import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Withdraws the reminder mail of a session that is being moved or deleted and has not been sent yet, so no student
 * is reminded of a time that no longer holds. Call it in the transaction that moves or deletes the session (before
 * a delete: the reminder rows go with the session). A moved session is reminded again at its new time, because a
 * reminder is unique per start time.
 */
export async function cancelPendingReminders(db: Db, batchSessionId: number): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('status', '=', 'pending')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('session_reminders')
        .select('outbox_id')
        .where('batch_session_id', '=', batchSessionId)
        .where('outbox_id', 'is not', null)
        .$narrowType<{ outbox_id: number }>(),
    )
    .execute();
}

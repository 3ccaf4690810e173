import type { Kysely } from 'kysely';
import type { OutboxEntry } from '../../contracts/admin.js';
import type { Database } from '../db/schema.js';
import { parseAttachment } from './mail-attachments.js';
import { listOutbox } from './outbox.repository.js';

export function createOutboxService({ db }: { db: Kysely<Database> }) {
  return {
    /** The latest messages the site wrote, delivered or not. */
    list: async (limit: number): Promise<OutboxEntry[]> =>
      (await listOutbox(db, limit)).map((row) => ({
        ...row,
        attachment: parseAttachment(row.attachment)?.kind ?? null,
      })),
  };
}

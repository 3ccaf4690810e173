import type { Kysely } from 'kysely';
import type { OutboxEntry } from '../../contracts/admin.js';
import type { Database } from '../db/schema.js';
import { listOutbox } from './outbox.repository.js';

export function createOutboxService(db: Kysely<Database>) {
  return {
    /** The latest messages the site wrote, delivered or not. */
    list: (limit: number): Promise<OutboxEntry[]> => listOutbox(db, limit),
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;

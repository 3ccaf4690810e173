import { type CompiledQuery, type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import { isoAfter, nowIso } from '../db/clock.js';
import type { Database, Db, OutboxTable } from '../db/schema.js';
import { type MailAttachmentRef, serializeAttachment } from './mail-attachments.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click address of the List-Unsubscribe header (RFC 8058), for mail a person can stop. */
  listUnsubscribe?: string;
  /** A document rendered and attached when the message is sent. */
  attachment?: MailAttachmentRef;
}

/** Writes a message to the outbox and returns its id; call it inside the transaction of the change that causes it. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      list_unsubscribe: mail.listUnsubscribe ?? null,
      attachment: serializeAttachment(mail.attachment),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the unsent messages that carry this document (one withdrawn before it went out). */
export async function withdrawUnsentMail(db: Db, attachment: MailAttachmentRef): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('status', '=', 'pending')
    .where('attachment', '=', serializeAttachment(attachment))
    .execute();
}

/** Messages with this subject queued for this address since `sinceIso` (the address as stored, any case). */
export async function countRecentMail(
  db: Db,
  to: string,
  subject: string,
  sinceIso: string,
): Promise<{ total: number; newest: string | null }> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('created_at').as('newest')])
    .where('to_address', '=', to)
    .where('subject', '=', subject)
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), newest: row.newest ?? null };
}

/** What sending a message needs, as both ways of claiming mail read it. */
const MAIL_COLUMNS = [
  'id',
  'to_address',
  'subject',
  'text_body',
  'html_body',
  'attempts',
  'next_attempt_at',
  'logged_at',
  'list_unsubscribe',
  'attachment',
] as const;

export type OutboxRow = Pick<Selectable<OutboxTable>, (typeof MAIL_COLUMNS)[number]>;

/**
 * The query that picks due mail: on PostgreSQL it also claims it, moving the next attempt to `leaseUntil`; on SQLite it
 * only reads it, each row then claimed by an update of its own (claimDueMail).
 */
export function dueMailQuery(
  db: Kysely<Database>,
  limit: number,
  now: string,
  leaseUntil: string,
): CompiledQuery<OutboxRow> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    return sql<OutboxRow>`
      update outbox set next_attempt_at = ${leaseUntil}
      where id in (
        select id from outbox
        where status = 'pending' and next_attempt_at <= ${now}
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      )
      returning ${sql.join(MAIL_COLUMNS.map((column) => sql.ref(column)))}`.compile(db);
  return db
    .selectFrom('outbox')
    .select(MAIL_COLUMNS)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .compile();
}

/**
 * Claims due messages by moving their next attempt past a lease: only the process whose claim succeeds sends a
 * message, and a process that dies gives it back when the lease runs out. On PostgreSQL one statement claims a
 * batch with FOR UPDATE SKIP LOCKED, so processes claiming at once take different rows without waiting; on SQLite
 * (one process) a conditional update per row does the same.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  limit: number,
  leaseMs: number,
  clockNow: Date,
): Promise<OutboxRow[]> {
  // One millisecond ahead: PostgreSQL stamps microseconds, so mail queued within this very millisecond would
  // otherwise sort after a millisecond "now" and wait for the next pass.
  const now = isoAfter(1, clockNow);
  const picked = await db.executeQuery(dueMailQuery(db, limit, now, isoAfter(leaseMs, clockNow)));
  if (db.getExecutor().adapter instanceof PostgresAdapter) return picked.rows.sort((a, b) => a.id - b.id);
  const due = picked.rows;
  const claimed: OutboxRow[] = [];
  for (const row of due) {
    const result = await db
      .updateTable('outbox')
      .set({ next_attempt_at: isoAfter(leaseMs, clockNow) })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      // Still due: once one process has moved the attempt past its lease, nobody else matches.
      .where('next_attempt_at', '<=', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push(row);
  }
  return claimed;
}

/** Messages never printed to the log yet (no SMTP_URL); they stay pending so an SMTP server can take them later. */
export function findUnlogged(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'attachment'])
    .where('status', '=', 'pending')
    .where('logged_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markLogged(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ logged_at: nowIso(now) })
    .where('id', '=', id)
    .execute();
}

export async function markSent(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: nowIso(now), last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markAttemptFailed(
  db: Kysely<Database>,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  error: string,
  retryInMs: number | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      attempts: row.attempts + 1,
      last_error: error.slice(0, 500),
      status: retryInMs === null ? 'failed' : 'pending',
      next_attempt_at: isoAfter(retryInMs ?? 0, now),
    })
    .where('id', '=', row.id)
    .execute();
}

export function listOutbox(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('outbox')
    .select([
      'id',
      'to_address',
      'subject',
      'text_body',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
      'logged_at',
      'attachment',
    ])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

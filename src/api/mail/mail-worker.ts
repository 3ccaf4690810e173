import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { type Clock, systemClock } from '../../contracts/clock.js';
import type { Database } from '../db/schema.js';
import { redactLinks } from '../http/logging.js';
import { PDF_CONTENT_TYPE } from '../pdf/pdf-document.js';
import { type AttachmentRenderers, parseAttachment, renderAttachment } from './mail-attachments.js';
import { claimDueMail, findUnlogged, markAttemptFailed, markLogged, markSent } from './outbox.repository.js';

export const MAX_ATTEMPTS = 12;
const BATCH = 20;

/** 30 s, 1 min, 2 min, … capped at one hour between attempts. */
export function retryDelayMs(attemptsSoFar: number): number {
  return Math.min(30_000 * 2 ** attemptsSoFar, 60 * 60_000);
}

export function createSmtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
}

interface Options {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  from: string;
  /** Absent without SMTP_URL: messages are printed to the log and stay in the outbox. */
  transport?: Transporter;
  intervalMs?: number;
  /** How long a claim holds: mail claimed by a process that died is sent by another after this (default 5 min). */
  leaseMs?: number;
  /** Renders the documents messages carry (receipts, certificates); app.ts gathers them as `mailAttachments`. */
  attachments?: AttachmentRenderers;
  /** The time now (the computer's clock unless a test gives one). */
  clock?: Clock;
}

/** Delivers the outbox: claims due messages, sends them over SMTP, retries with backoff. */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly options: Options) {}

  private now(): Date {
    return (this.options.clock ?? systemClock)();
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs a pass soon, after a change queued mail. */
  notify(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One pass over the due messages; returns how many were handled. */
  async runOnce(): Promise<number> {
    const { db, log, transport, from } = this.options;
    if (!transport) {
      const rows = await findUnlogged(db, BATCH);
      for (const row of rows) {
        // Its links carry tokens: the log shows the message with them redacted; the admin's Mail outbox shows it whole.
        log.info(
          `mail (no SMTP_URL: kept in the outbox, read it whole under Mail outbox on /AdminPage) to ${row.to_address}: ${row.subject}${attachmentNote(row.attachment)}\n${redactLinks(row.text_body)}`,
        );
        await markLogged(db, row.id, this.now());
      }
      return rows.length;
    }
    const rows = await claimDueMail(db, BATCH, this.options.leaseMs ?? 5 * 60_000, this.now());
    for (const row of rows) {
      try {
        const attachment = await renderAttachment(this.options.attachments ?? {}, row.attachment);
        await transport.sendMail({
          from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(attachment
            ? {
                attachments: [
                  { filename: attachment.filename, content: attachment.content, contentType: PDF_CONTENT_TYPE },
                ],
              }
            : {}),
          // One-click unsubscribe (RFC 8058): the mail client POSTs `List-Unsubscribe=One-Click` to the address.
          ...(row.list_unsubscribe
            ? {
                headers: {
                  'List-Unsubscribe': `<${row.list_unsubscribe}>`,
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              }
            : {}),
        });
        await markSent(db, row.id, this.now());
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const attempts = row.attempts + 1;
        const retryIn = attempts >= MAX_ATTEMPTS ? null : retryDelayMs(row.attempts);
        log.warn({ outboxId: row.id, attempts, retryInMs: retryIn }, `mail delivery failed: ${message}`);
        await markAttemptFailed(db, row, message, retryIn, this.now());
      }
    }
    return rows.length;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) return this.schedule(250);
      this.running = this.runOnce()
        .then((handled) => {
          this.running = undefined;
          if (!this.stopped) this.schedule(handled >= BATCH ? 0 : (this.options.intervalMs ?? 5_000));
        })
        .catch((error: unknown) => {
          this.running = undefined;
          this.options.log.error({ err: error }, 'mail worker pass failed');
          if (!this.stopped) this.schedule(this.options.intervalMs ?? 5_000);
        });
    }, delayMs);
    this.timer.unref();
  }
}

function attachmentNote(stored: string | null): string {
  const ref = parseAttachment(stored);
  return ref ? ` (with the ${ref.kind} as a PDF attachment)` : '';
}

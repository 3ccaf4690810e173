/**
 * One small event bus per process: `publish(topic, payload)` after the writing transaction commits, `subscribe(topic,
 * listener)` for open streams. Listeners in this process hear an event at once. With PostgreSQL the event also goes
 * out by `NOTIFY` and comes back to every process through ONE dedicated client per process that `LISTEN`s (never a
 * pool client a request could need), so a change made through one process reaches streams open in another.
 * Payloads stay small (ids and a kind): a listener re-reads what it needs.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterCommit } from '../db/after-commit.js';
import type { Db } from '../db/schema.js';

export type LiveListener = (payload: unknown) => void;

const CHANNEL = 'site_live';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const MAX_PAYLOAD = 7900;
const MAX_RETRY_MS = 30_000;
/** The topic every stream also hears: events may have been missed, so refresh everything shown. */
export const RESYNC = 'resync';

interface Deps {
  log: FastifyBaseLogger;
  /** A PostgreSQL URL: events cross processes through LISTEN/NOTIFY. Absent: this process only (SQLite). */
  postgresUrl?: string;
}

interface Envelope {
  /** The process that published it: it has already delivered it itself. */
  o: string;
  t: string;
  p: unknown;
}

export function createLiveBus({ log, postgresUrl }: Deps) {
  const local = new EventEmitter();
  // Each open stream is one listener; many teachers' tabs must not trip Node's leak warning.
  local.setMaxListeners(0);
  const origin = randomBytes(6).toString('hex');
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let everConnected = false;

  function received(message: pg.Notification): void {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      const envelope = JSON.parse(message.payload) as Envelope;
      if (envelope.o !== origin) local.emit(envelope.t, envelope.p);
    } catch (error) {
      log.warn({ err: error }, 'unreadable live event');
    }
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  /** Connects the listening client and LISTENs; on a drop, reconnects with a growing delay and LISTENs again. */
  function listen(): Promise<void> {
    if (!postgresUrl || closed || client) return Promise.resolve();
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5000 });
      const dropped = (error?: Error) => {
        if (client !== next) return;
        client = undefined;
        if (!closed) log.warn({ err: error }, 'live events: the LISTEN connection dropped; reconnecting');
        next.removeAllListeners();
        void next.end().catch(() => undefined);
        scheduleReconnect();
      };
      next.on('error', dropped);
      next.on('end', () => dropped());
      next.on('notification', received);
      try {
        await next.connect();
        await next.query(`LISTEN ${CHANNEL}`);
        if (closed) {
          await next.end();
          return;
        }
        client = next;
        clearTimeout(retryTimer);
        retryTimer = undefined;
        retryMs = 500;
        // Events sent while the connection was down are lost: every stream refreshes everything once, and so do the
        // other processes' streams when this process could not tell them of a change.
        if (everConnected) local.emit(RESYNC, null);
        everConnected = true;
        if (missedNotify) {
          missedNotify = false;
          sending = sending.then(() =>
            notifyOthers(JSON.stringify({ o: origin, t: RESYNC, p: null } satisfies Envelope)),
          );
        }
      } catch (error) {
        next.removeAllListeners();
        void next.end().catch(() => undefined);
        log.warn({ err: error }, 'live events: could not LISTEN; retrying');
        scheduleReconnect();
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  /** NOTIFYs go one after another: a pg client runs one query at a time. */
  let sending: Promise<void> = Promise.resolve();
  /** A change this process could not announce: once connected again, the others are told to refresh everything. */
  let missedNotify = false;

  async function notifyOthers(text: string): Promise<void> {
    // The LISTEN connection sends the NOTIFY too: one connection per process, and never one a request waits for.
    // Without it the NOTIFY is not sent; reconnecting (with its backoff) sends a resync instead.
    const sender = client;
    if (!sender) {
      missedNotify = true;
      return;
    }
    try {
      await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, text]);
    } catch (error) {
      missedNotify = true;
      log.warn({ err: error }, 'live events: NOTIFY failed; other processes refresh once this process reconnects');
    }
  }

  function publish(topic: string, payload: unknown): void {
    if (closed) return;
    local.emit(topic, payload);
    if (!postgresUrl) return;
    const text = JSON.stringify({ o: origin, t: topic, p: payload } satisfies Envelope);
    if (text.length > MAX_PAYLOAD) {
      log.warn({ topic }, 'live event too large for NOTIFY; sent to this process only');
      return;
    }
    sending = sending.then(() => notifyOthers(text));
  }

  return {
    /** Connects the LISTEN client (PostgreSQL); events published before then still reach this process. */
    start: listen,

    /** After the commit: tells this process's listeners now and, with PostgreSQL, every other process. */
    publish,

    /** Publishes once `db`'s transaction (opened with `transact`) commits; at once on a plain database handle. */
    publishAfterCommit(db: Db, topic: string, payload: unknown): void {
      afterCommit(db, log, () => publish(topic, payload));
    },

    /** Hears every event on a topic until the returned function is called. */
    subscribe(topic: string, listener: LiveListener): () => void {
      local.on(topic, listener);
      return () => local.off(topic, listener);
    },

    /** Whether events from other processes arrive (always true without PostgreSQL). */
    listening(): boolean {
      return !postgresUrl || client !== undefined;
    },

    async close(): Promise<void> {
      closed = true;
      clearTimeout(retryTimer);
      await connecting;
      await sending;
      local.removeAllListeners();
      const ending = client;
      client = undefined;
      ending?.removeAllListeners();
      await ending?.end().catch(() => undefined);
    },
  };
}

export type LiveBus = ReturnType<typeof createLiveBus>;

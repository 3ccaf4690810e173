import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { notificationMessages } from '../../contracts/notifications.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { unreadStateOf, type UnreadState } from './notifications.repository.js';

/** One open stream: told each new unread count of its person. */
export type StreamListener = (unread: number) => void;

interface Deps {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** How often to look for changes made by another process while streams are open. */
  pollMs?: number;
  maxStreamsPerAccount?: number;
}

/** SQL parameter lists stay well below PostgreSQL's limit however many streams are open. */
const CHUNK = 1000;

/**
 * This process's open notification streams, by person. A change made here wakes its people at once (`wake`, after
 * the commit); a change made by another process of the site is found by one query a tick (the unread counts of
 * everyone with a stream open here), which only runs while a stream is open. Each stream hears a count only when
 * it differs from the last one sent to that stream.
 */
export function createNotificationHub({ db, log, pollMs = 1000, maxStreamsPerAccount = 5 }: Deps) {
  /** Each person's open streams, each with what it was last told ("count:newest id"). */
  const streams = new Map<number, Map<StreamListener, string>>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let closed = false;

  function deliver(states: Map<number, UnreadState>, ids: Iterable<number>): void {
    for (const id of ids) {
      const listeners = streams.get(id);
      if (!listeners) continue;
      const state = states.get(id) ?? { unread: 0, latest: 0 };
      const told = `${state.unread}:${state.latest}`;
      for (const [listener, last] of listeners) {
        if (last === told) continue;
        listeners.set(listener, told);
        listener(state.unread);
      }
    }
  }

  async function refresh(ids: number[]): Promise<void> {
    const open = ids.filter((id) => streams.has(id));
    for (let i = 0; i < open.length; i += CHUNK) {
      const chunk = open.slice(i, i + CHUNK);
      deliver(await unreadStateOf(db, chunk), chunk);
    }
  }

  function tick(): void {
    if (polling) return;
    polling = refresh([...streams.keys()])
      .catch((error: unknown) => log.warn({ err: error }, 'notification poll failed'))
      .finally(() => {
        polling = undefined;
      });
  }

  function startPolling(): void {
    if (timer || closed) return;
    timer = setInterval(tick, pollMs);
    timer.unref();
  }

  function stopPolling(): void {
    if (timer) clearInterval(timer);
    timer = undefined;
  }

  return {
    /**
     * Keeps a stream open for a person, with the count it was just sent; returns the function that forgets it.
     * Refused beyond the per-account cap.
     */
    open(recipientId: number, state: UnreadState, listener: StreamListener): () => void {
      const listeners = streams.get(recipientId) ?? new Map<StreamListener, string>();
      if (listeners.size >= maxStreamsPerAccount)
        throw new AppError('tooManyRequests', notificationMessages.tooManyStreams);
      listeners.set(listener, `${state.unread}:${state.latest}`);
      streams.set(recipientId, listeners);
      startPolling();
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        listeners.delete(listener);
        if (listeners.size === 0) streams.delete(recipientId);
        if (streams.size === 0) stopPolling();
      };
    },

    /** After a commit that changed these people's notices: their open streams hear the new count. */
    wake(recipientIds: number[]): void {
      if (!recipientIds.some((id) => streams.has(id))) return;
      refresh(recipientIds).catch((error: unknown) => log.warn({ err: error }, 'notification wake failed'));
    },

    /** How many streams are open in this process (tests and the bench read it). */
    openStreams(): number {
      let n = 0;
      for (const listeners of streams.values()) n += listeners.size;
      return n;
    },

    async close(): Promise<void> {
      closed = true;
      stopPolling();
      await polling;
    },
  };
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;

/**
 * The limits every server-sent event stream of this process shares, whatever its route: a stream holds a socket (a
 * file descriptor here, two connections in nginx) for minutes, so without a cap per client address and in total, one
 * address or a few hundred accounts could hold every descriptor and take the site offline. Over a cap, a stream is
 * refused before anything is written (429 for one address, 503 with Retry-After for the whole process) and the page
 * polls instead. A stream also ends when its session does: at once for a logout through this process, within
 * `sessionCheckMs` for one through another process or a password change.
 */
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../contracts/messages.js';
import { AppError } from './app-error.js';

export interface StreamLimits {
  /** Streams one client address may hold (a classroom behind one router shares an address). */
  perAddress: number;
  /** Streams this process holds at most: well below its open-file limit, leaving room for ordinary requests. */
  total: number;
  /** How often open streams' sessions are checked (a logout or a password change through another process). */
  sessionCheckMs: number;
}

/** The soft limit on open files of this process (Linux), or undefined where it cannot be read. */
export function openFileLimit(limits = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(limits, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft === undefined || soft === 'unlimited' ? undefined : Number(soft) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Half the open-file limit goes to streams (512 of the common 1,024), the rest stays for requests, the database and
 * the grader's pipes; at most 4,000 streams however high the limit (each costs memory and a heartbeat).
 */
export function defaultStreamLimits(fileLimit = openFileLimit(), total?: number): StreamLimits {
  return {
    perAddress: 50,
    total: total ?? Math.max(10, Math.min(4000, Math.floor((fileLimit ?? 1024) / 2))),
    sessionCheckMs: 5000,
  };
}

interface Deps {
  limits: StreamLimits;
  /** Of the sessions given, those still signed in (one query for every open stream). */
  liveSessions: (sessionIds: number[]) => Promise<Set<number>>;
  log: FastifyBaseLogger;
}

/** Seconds a refused client is asked to wait before trying to stream again. */
const RETRY_AFTER_S = 30;

export function createStreamRegistry({ limits, liveSessions, log }: Deps) {
  const perAddress = new Map<string, number>();
  /** Each open stream's end, by session. */
  const bySession = new Map<number, Set<() => void>>();
  let open = 0;
  let timer: NodeJS.Timeout | undefined;
  let checking = false;

  async function checkSessions(): Promise<void> {
    if (checking || bySession.size === 0) return;
    checking = true;
    try {
      const ids = [...bySession.keys()];
      const live = new Set<number>();
      for (let i = 0; i < ids.length; i += 1000)
        for (const id of await liveSessions(ids.slice(i, i + 1000))) live.add(id);
      for (const id of ids) if (!live.has(id)) endSession(id);
    } catch (error) {
      log.warn({ err: error }, 'could not check the sessions of open streams');
    } finally {
      checking = false;
    }
  }

  function endSession(sessionId: number): void {
    const ends = bySession.get(sessionId);
    if (!ends) return;
    for (const end of [...ends]) end();
  }

  return {
    /**
     * Takes a place for a stream from `address` for `sessionId`, or refuses it; `end` stops the stream (its session
     * ended). Returns what gives the place back, to call once the stream has ended.
     */
    admit(address: string, sessionId: number, end: () => void): () => void {
      if (open >= limits.total)
        throw new AppError('unavailable', messages.streamsServerFull, { retryAfterS: RETRY_AFTER_S });
      const fromAddress = perAddress.get(address) ?? 0;
      if (fromAddress >= limits.perAddress) throw new AppError('tooManyRequests', messages.streamsFromAddress);
      perAddress.set(address, fromAddress + 1);
      open += 1;
      let ends = bySession.get(sessionId);
      if (!ends) bySession.set(sessionId, (ends = new Set()));
      ends.add(end);
      if (!timer) {
        timer = setInterval(() => void checkSessions(), limits.sessionCheckMs);
        timer.unref();
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open -= 1;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
        ends.delete(end);
        if (ends.size === 0) bySession.delete(sessionId);
        if (open === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },

    /** Ends the streams of a session that has just ended here (a logout). */
    endSession,

    /** Open streams in this process. */
    open: () => open,

    close(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

export type StreamRegistry = ReturnType<typeof createStreamRegistry>;

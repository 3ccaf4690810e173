import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import type { StreamRegistry } from './stream-limits.js';

/** Writes one server-sent event. */
export type SendEvent = (event: string, data: unknown) => void;

interface Options {
  /** The caps every stream of the process shares (per address, in total), and the end of a session's streams. */
  registry: StreamRegistry;
  /** A comment line this often keeps proxies and the idle-socket timeout from closing a quiet stream. */
  heartbeatMs?: number;
  /** How long one stream lasts before the browser opens another (and the login is checked again). */
  maxStreamMs?: number;
  /** A cap per account, with the message of the 429 beyond it; without one, `subscribe` may refuse a stream itself. */
  cap?: { maxStreamsPerAccount: number; tooMany: string };
}

/**
 * Serves fetch-read server-sent event streams for one route plugin: a per-account cap, a heartbeat, an expiry, and
 * every open stream ended when the app closes (or its close would wait for every client to leave).
 */
export function eventStreams(app: FastifyInstance, options: Options) {
  const { registry, heartbeatMs = 25_000, maxStreamMs = 10 * 60_000, cap } = options;
  const open = new Set<() => void>();
  const perAccount = new Map<number, number>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  function leave(accountId: number): void {
    const left = (perAccount.get(accountId) ?? 1) - 1;
    if (left > 0) perAccount.set(accountId, left);
    else perAccount.delete(accountId);
  }

  return {
    /**
     * Checks the cap, then starts the stream: `subscribe` gets the sender and returns (or resolves to) what stops it.
     * Until `subscribe` has returned or sent something, a refusal (a thrown AppError) answers as usual. The bearer
     * header authenticates a stream (the web reads it with fetch, as EventSource cannot send headers), so no token is
     * ever in a URL.
     */
    async serve(
      request: FastifyRequest,
      reply: FastifyReply,
      accountId: number,
      subscribe: (send: SendEvent) => (() => void) | Promise<() => void>,
    ): Promise<void> {
      if (cap) {
        const count = perAccount.get(accountId) ?? 0;
        if (count >= cap.maxStreamsPerAccount) throw new AppError('tooManyRequests', cap.tooMany);
      }
      // The stream's end is known only once it has started; a session that ends before then ends it as it starts.
      const session = { ended: false, endStream: undefined as (() => void) | undefined };
      const release = registry.admit(request.ip, request.auth?.sessionId ?? 0, () => {
        session.ended = true;
        session.endStream?.();
      });
      if (cap) perAccount.set(accountId, (perAccount.get(accountId) ?? 0) + 1);
      const res = reply.raw;
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        reply.hijack();
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
      };
      const send: SendEvent = (event, data) => {
        start();
        if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      let unsubscribe: () => void;
      try {
        unsubscribe = await subscribe(send);
      } catch (error) {
        if (cap) leave(accountId);
        release();
        if (!started) throw error;
        request.log.warn({ err: error }, 'event stream failed to start');
        if (!res.writableEnded) res.end();
        return;
      }
      start();
      // Tells the client the stream is up before the first change.
      res.write(': open\n\n');
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        open.delete(end);
        if (cap) leave(accountId);
        release();
        if (!res.writableEnded) res.end();
      };
      session.endStream = end;
      // The login is checked when a stream opens, and the registry ends a stream whose session has ended; ending each
      // after a while as well makes the browser open a new one, whatever else changed about the account.
      const expiry = setTimeout(end, maxStreamMs);
      open.add(end);
      res.once('close', end);
      res.once('error', end);
      // The client may have gone, or its session ended, while the stream was being set up.
      if (request.raw.socket.destroyed || session.ended) end();
    },

    /** Open streams in this process (tests and the bench read it). */
    openStreams: () => open.size,
  };
}

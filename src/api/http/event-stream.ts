import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/** Writes one server-sent event. */
export type SendEvent = (event: string, data: unknown) => void;

interface Options {
  /** A comment line this often keeps proxies and the idle-socket timeout from closing a quiet stream. */
  heartbeatMs?: number;
  /** How long one stream lasts before the browser opens another (and the login is checked again). */
  maxStreamMs?: number;
  maxStreamsPerAccount: number;
  /** The message of the 429 beyond the cap. */
  tooMany: string;
}

/**
 * Serves fetch-read server-sent event streams for one route plugin: a per-account cap, a heartbeat, an expiry, and
 * every open stream ended when the app closes (or its close would wait for every client to leave).
 */
export function eventStreams(app: FastifyInstance, options: Options) {
  const { heartbeatMs = 25_000, maxStreamMs = 10 * 60_000, maxStreamsPerAccount, tooMany } = options;
  const open = new Set<() => void>();
  const perAccount = new Map<number, number>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  return {
    /**
     * Checks the cap, then starts the stream: `subscribe` gets the sender and returns what stops it. Call it after
     * every check that may refuse the request, which answers as usual until then.
     */
    serve(
      request: FastifyRequest,
      reply: FastifyReply,
      accountId: number,
      subscribe: (send: SendEvent) => () => void,
    ): void {
      const count = perAccount.get(accountId) ?? 0;
      if (count >= maxStreamsPerAccount) throw new AppError('tooManyRequests', tooMany);
      perAccount.set(accountId, count + 1);
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      // Tells the client the stream is up before the first change.
      res.write(': open\n\n');
      const send: SendEvent = (event, data) => {
        if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const unsubscribe = subscribe(send);
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        open.delete(end);
        const left = (perAccount.get(accountId) ?? 1) - 1;
        if (left > 0) perAccount.set(accountId, left);
        else perAccount.delete(accountId);
        if (!res.writableEnded) res.end();
      };
      const expiry = setTimeout(end, maxStreamMs);
      open.add(end);
      res.once('close', end);
      res.once('error', end);
      if (request.raw.socket.destroyed) end();
    },

    /** Open streams in this process (tests and the bench read it). */
    openStreams: () => open.size,
  };
}

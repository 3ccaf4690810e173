import type { FastifyInstance } from 'fastify';

interface Closable {
  close(): unknown;
}

/**
 * Closes `piece` when the app closes (once the server has stopped taking requests and the last has been answered),
 * by its own close() or by `close`, and returns it: one line per piece of infrastructure, its close beside its
 * opening.
 */
export function closedWithApp<T extends Closable>(app: FastifyInstance, piece: T): T;
export function closedWithApp<T>(app: FastifyInstance, piece: T, close: (piece: T) => unknown): T;
export function closedWithApp<T>(app: FastifyInstance, piece: T, close?: (piece: T) => unknown): T {
  app.addHook('onClose', async () => {
    await (close ? close(piece) : (piece as Closable).close());
  });
  return piece;
}

/** As closedWithApp, and reachable as `app[name]` (the server's jobs and the tests use it). */
export function decorateOwned<K extends keyof FastifyInstance>(
  app: FastifyInstance,
  name: K,
  piece: FastifyInstance[K] & Closable,
): FastifyInstance[K];
export function decorateOwned<K extends keyof FastifyInstance>(
  app: FastifyInstance,
  name: K,
  piece: FastifyInstance[K],
  close: (piece: FastifyInstance[K]) => unknown,
): FastifyInstance[K];
export function decorateOwned<K extends keyof FastifyInstance>(
  app: FastifyInstance,
  name: K,
  piece: FastifyInstance[K],
  close?: (piece: FastifyInstance[K]) => unknown,
): FastifyInstance[K] {
  if (close) closedWithApp(app, piece, close);
  else closedWithApp(app, piece as Closable);
  // decorate's types cannot follow a name that is a type parameter; the overloads above check the piece.
  app.decorate(name, piece as never);
  return piece;
}

import type { FastifyInstance } from 'fastify';
import { AttemptLimiter } from '../auth/attempt-limiter.js';
import type { CounterStore } from '../common/counters.js';
import { AppError } from './app-error.js';

export interface AccountWriteLimits {
  /** Writes (any method but GET) per signed-in account per minute, on every route. */
  perMinute: number;
}

export const defaultAccountWriteLimits: AccountWriteLimits = { perMinute: 120 };

/** A route's own, tighter limit per account, on top of the general one (e.g. doubts per hour). */
export interface RouteAccountLimit {
  name: string;
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A tighter per-account limit for this route's writes; `false` exempts it from every write limit (logout). */
    accountLimit?: RouteAccountLimit | false;
  }
}

export const WRITE_LIMIT_MESSAGE = 'You are doing this too often. Please wait a little and try again.';

/** Counts one write of an account against its limits; throws the 429 when one is used up. */
export type AccountWriteLimiter = (account: number, own?: RouteAccountLimit) => Promise<void>;

/**
 * Writes are limited per account, not only per address: one student posting 500 doubts in 2 s buried everyone else's
 * in the teacher's panel. Counted in the shared store, so the limit holds whichever process a request reaches.
 */
export function createAccountWriteLimiter(store: CounterStore, limits: AccountWriteLimits): AccountWriteLimiter {
  const general = new AttemptLimiter(limits.perMinute, 60_000, store, 'account-writes');
  const routeLimiters = new Map<string, AttemptLimiter>();
  return async (account, own) => {
    if (own) {
      let limiter = routeLimiters.get(own.name);
      if (!limiter)
        routeLimiters.set(
          own.name,
          (limiter = new AttemptLimiter(own.max, own.windowMs, store, `account-${own.name}`)),
        );
      if (!(await limiter.hit(String(account)))) throw new AppError('tooManyRequests', WRITE_LIMIT_MESSAGE);
    }
    if (!(await general.hit(String(account)))) throw new AppError('tooManyRequests', WRITE_LIMIT_MESSAGE);
  };
}

/**
 * Every write of a signed-in account counts against its limits. Registered after the auth guard: it counts the
 * account the guard found. Public writes that act for an account by a private link count for it themselves.
 */
export function registerAccountWriteLimits(app: FastifyInstance, limit: AccountWriteLimiter): void {
  // Reads pass straight on, without the promise an async hook would cost them.
  app.addHook('onRequest', (request, _reply, done) => {
    const account = request.auth?.student.id;
    if (account === undefined || request.method === 'GET' || request.method === 'HEAD') return done();
    // routeOptions is built afresh at each read: read only for writes.
    const own = request.routeOptions.config.accountLimit;
    if (own === false) return done();
    limit(account, own).then(() => done(), done);
  });
}

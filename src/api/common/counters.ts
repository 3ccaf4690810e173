/**
 * Counters in fixed windows (rate limits, attempt limits, "one job at a time"), kept in the database so that
 * every process of the site counts the same hits. A memory store remains for tests that build a limiter alone.
 */
import { type Kysely, sql } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import type { Database } from '../db/schema.js';

export interface CounterStore {
  /** Counts one hit; a window that has run out starts again at 1. */
  hit(key: string, windowMs: number, now?: number): Promise<{ count: number; resetAt: number }>;
  count(key: string, now?: number): Promise<number>;
  clear(key: string): Promise<void>;
  /** Clears every key that starts with `prefix`. */
  clearPrefix(prefix: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: Clock = systemClock) {}

  async hit(key: string, windowMs: number, now = this.clock().getTime()) {
    const entry = this.entries.get(key);
    const next =
      !entry || entry.resetAt <= now
        ? { count: 1, resetAt: now + windowMs }
        : { count: entry.count + 1, resetAt: entry.resetAt };
    this.entries.set(key, next);
    if (this.entries.size > 10_000) for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
    return next;
  }

  async count(key: string, now = this.clock().getTime()) {
    const entry = this.entries.get(key);
    return entry && entry.resetAt > now ? entry.count : 0;
  }

  async clear(key: string) {
    this.entries.delete(key);
  }

  async clearPrefix(prefix: string) {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

export function createDbCounterStore(db: Kysely<Database>, clock: Clock = systemClock): CounterStore {
  let hitsSinceSweep = 0;
  return {
    async hit(key, windowMs, now = clock().getTime()) {
      const nowIso = new Date(now).toISOString();
      const resetIso = new Date(now + windowMs).toISOString();
      // One statement, so two processes counting the same key at once both count.
      const row = await db
        .insertInto('counters')
        .values({ key, count: 1, reset_at: resetIso })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when counters.reset_at <= ${nowIso} then 1 else counters.count + 1 end`,
            reset_at: sql<string>`case when counters.reset_at <= ${nowIso} then ${resetIso} else counters.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= 500) {
        hitsSinceSweep = 0;
        await db.deleteFrom('counters').where('reset_at', '<=', nowIso).execute();
      }
      return { count: Number(row.count), resetAt: Date.parse(row.reset_at) };
    },
    async count(key, now = clock().getTime()) {
      const row = await db
        .selectFrom('counters')
        .select('count')
        .where('key', '=', key)
        .where('reset_at', '>', new Date(now).toISOString())
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
    },
    async clear(key) {
      await db.deleteFrom('counters').where('key', '=', key).execute();
    },
    async clearPrefix(prefix) {
      // A range rather than LIKE: an email's '_' or '%' would be a wildcard there.
      await db.deleteFrom('counters').where('key', '>=', prefix).where('key', '<', `${prefix}\uffff`).execute();
    },
  };
}

/**
 * @fastify/rate-limit's store interface over a CounterStore: the per-IP limits then hold across processes.
 * A failing database skips the limit (the plugin's skipOnError) rather than failing the request.
 */
export function rateLimitStore(counters: CounterStore, clock: Clock = systemClock) {
  return class SharedRateLimitStore {
    /** Each limited route counts apart, as the plugin's own store does. */
    private readonly namespace: string;

    constructor(namespace?: unknown) {
      this.namespace = typeof namespace === 'string' ? namespace : 'global';
    }

    // The plugin calls incr(key, callback, timeWindow, max); its type file omits the last two.
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      ...rest: unknown[]
    ): void {
      const timeWindow = typeof rest[0] === 'number' ? rest[0] : 60_000;
      const now = clock().getTime();
      counters.hit(`ip:${this.namespace}:${key}`, timeWindow, now).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - now) }),
        (error: Error) => callback(error),
      );
    }

    child(params: unknown): SharedRateLimitStore {
      const route = (params as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)?.routeInfo;
      return new SharedRateLimitStore(route?.url ? `${String(route.method)} ${String(route.url)}` : 'global');
    }
  };
}

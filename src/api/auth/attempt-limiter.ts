import { type CounterStore, MemoryCounterStore } from '../common/counters.js';

/**
 * Counts attempts per key (an account, an email address) in a fixed window, in a counter store shared by every
 * process of the site (or in memory, for a limiter made alone in a test).
 */
export class AttemptLimiter {
  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly store: CounterStore = new MemoryCounterStore(),
    private readonly name = 'attempts',
  ) {}

  /** The same limits over another store (the app gives each limiter the shared one). */
  withStore(store: CounterStore, name: string): AttemptLimiter {
    return new AttemptLimiter(this.max, this.windowMs, store, name);
  }

  // Without `now`, the store reads its clock.
  async isBlocked(key: string, now?: number): Promise<boolean> {
    return (await this.store.count(`${this.name}:${key}`, now)) >= this.max;
  }

  /** Attempts recorded in the current window. */
  async count(key: string, now?: number): Promise<number> {
    return this.store.count(`${this.name}:${key}`, now);
  }

  /** Records one attempt; returns false when the key is over its limit. */
  async hit(key: string, now?: number): Promise<boolean> {
    const { count } = await this.store.hit(`${this.name}:${key}`, this.windowMs, now);
    return count <= this.max;
  }

  async reset(key: string): Promise<void> {
    await this.store.clear(`${this.name}:${key}`);
  }

  /** Resets every key that starts with `prefix` (all of an account's account-and-address pairs). */
  async resetPrefix(prefix: string): Promise<void> {
    await this.store.clearPrefix(`${this.name}:${prefix}`);
  }
}

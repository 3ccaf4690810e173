/**
 * Counts attempts per key (an account, an email address) in a fixed window.
 * In memory for one process; the scale-out issue swaps the store for a shared one.
 */
export class AttemptLimiter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  isBlocked(key: string, now = Date.now()): boolean {
    const entry = this.counts.get(key);
    return entry !== undefined && entry.resetAt > now && entry.count >= this.max;
  }

  /** Records one attempt; returns false when the key was already at its limit. */
  hit(key: string, now = Date.now()): boolean {
    this.sweep(now);
    const entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) {
      this.counts.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    if (entry.count >= this.max) return false;
    entry.count += 1;
    return true;
  }

  reset(key: string): void {
    this.counts.delete(key);
  }

  private sweep(now: number): void {
    if (this.counts.size < 10_000) return;
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}

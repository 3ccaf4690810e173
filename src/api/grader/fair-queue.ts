/**
 * The grader's waiting line, fair between students (the owner is the account id). Each owner's jobs wait in their
 * own first-in-first-out line; when a slot frees, the next job is the head of the owner who has had the least slot
 * time lately (the time their jobs held a compiler or runner, halving every minute), and among equals the owner
 * served least recently. So it is round-robin by student, counted in slot time rather than in jobs:
 *
 * - an owner is served twice while another waits only if, even after the first of those jobs, it had still used
 *   less time than the one waiting (a student's job never waits behind a second job of any student who has had as
 *   much of the grader lately);
 * - students who loop programs that run to the compile cap have used seconds each, so a student who compiles a
 *   small program goes ahead of all of them and waits at most for the one job already running.
 *
 * Counting jobs instead would make an honest student wait a whole round of the other students' worst programs.
 */
import { nowMs } from '../../contracts/clock.js';

interface OwnerStats {
  /** Slot time in ms at `at`, decaying with HALF_LIFE_MS. */
  usage: number;
  at: number;
  /** When this owner was last served (a dispatch counter); -1 never. */
  served: number;
}

export interface FairQueueOptions {
  /** How quickly past use is forgiven (default one minute). */
  halfLifeMs?: number;
  now?: () => number;
}

export class FairQueue<T> {
  /** Owners with jobs waiting, in the order they began waiting. */
  private readonly waiting = new Map<string, T[]>();
  private readonly stats = new Map<string, OwnerStats>();
  private readonly halfLifeMs: number;
  private readonly now: () => number;
  private dispatches = 0;
  private count = 0;

  constructor(options: FairQueueOptions = {}) {
    this.halfLifeMs = options.halfLifeMs ?? 60_000;
    this.now = options.now ?? (() => nowMs());
  }

  get size(): number {
    return this.count;
  }

  push(owner: string, item: T): void {
    const line = this.waiting.get(owner);
    if (line) line.push(item);
    else this.waiting.set(owner, [item]);
    this.count += 1;
  }

  /** The next job to start, and whose it is. */
  shift(): { owner: string; item: T } | undefined {
    let best: { owner: string; usage: number; served: number } | undefined;
    for (const owner of this.waiting.keys()) {
      const usage = Math.round(this.usage(owner));
      const served = this.stats.get(owner)?.served ?? -1;
      // Strictly less: among equals the owner that began waiting first (the Map's order) keeps its place.
      if (!best || usage < best.usage || (usage === best.usage && served < best.served))
        best = { owner, usage, served };
    }
    if (!best) return undefined;
    const line = this.waiting.get(best.owner)!;
    const item = line.shift()!;
    if (line.length === 0) this.waiting.delete(best.owner);
    this.count -= 1;
    const stats = this.statsOf(best.owner);
    stats.served = this.dispatches++;
    return { owner: best.owner, item };
  }

  /** A job of this owner held a slot this long. */
  charge(owner: string, ms: number): void {
    const stats = this.statsOf(owner);
    stats.usage = this.usage(owner) + Math.max(0, ms);
    stats.at = this.now();
    if (this.stats.size > 10_000) this.forgetIdle();
  }

  /** Decayed slot time of an owner, in ms. */
  usage(owner: string): number {
    const stats = this.stats.get(owner);
    if (!stats || stats.usage === 0) return 0;
    return stats.usage * 0.5 ** ((this.now() - stats.at) / this.halfLifeMs);
  }

  /** Every waiting job, removed. */
  drain(): T[] {
    const all = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.count = 0;
    return all;
  }

  private statsOf(owner: string): OwnerStats {
    let stats = this.stats.get(owner);
    if (!stats) {
      stats = { usage: 0, at: this.now(), served: -1 };
      this.stats.set(owner, stats);
    }
    return stats;
  }

  /** Owners with nothing waiting and next to no recent use are as good as new: their records go. */
  private forgetIdle(): void {
    for (const owner of this.stats.keys())
      if (!this.waiting.has(owner) && this.usage(owner) < 1) this.stats.delete(owner);
  }
}

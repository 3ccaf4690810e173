import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.js';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** Shifts everything, charging each job `cost(owner)` ms as if it ran before the next was chosen. */
function order(
  queue: FairQueue<string>,
  cost: (owner: string) => number = () => 0,
  time?: { advance(ms: number): void },
): string[] {
  const out: string[] = [];
  for (let next = queue.shift(); next; next = queue.shift()) {
    out.push(next.item);
    time?.advance(cost(next.owner));
    queue.charge(next.owner, cost(next.owner));
  }
  return out;
}

describe('fair queue: students take turns', () => {
  it('serves owners round-robin: no one’s second job before everyone’s first', () => {
    const queue = new FairQueue<string>();
    for (const job of ['a1', 'a2', 'a3', 'b1', 'b2', 'c1']) queue.push(job[0]!, job);
    expect(queue.size).toBe(6);
    expect(order(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(queue.size).toBe(0);
  });

  it('keeps the round-robin when every job costs the same', () => {
    const time = clock();
    const queue = new FairQueue<string>({ now: time.now });
    for (const job of ['a1', 'a2', 'a3', 'b1', 'b2', 'c1', 'c2']) queue.push(job[0]!, job);
    expect(order(queue, () => 500, time)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3']);
  });

  it('puts a student who has used little ahead of students whose jobs ran to the cap', () => {
    const time = clock();
    const queue = new FairQueue<string>({ now: time.now });
    // Three students have each had a 5-second compile; they are waiting again when a fourth asks for a small one.
    for (const owner of ['x', 'y', 'z']) queue.charge(owner, 5000);
    queue.push('x', 'x-bomb');
    queue.push('y', 'y-bomb');
    queue.push('z', 'z-bomb');
    queue.push('honest', 'hello');
    expect(queue.shift()).toEqual({ owner: 'honest', item: 'hello' });
    queue.charge('honest', 300);
    // Their next small job goes first again: 300 ms used is still less than 5 s.
    queue.push('honest', 'hello again');
    expect(queue.shift()?.item).toBe('hello again');
    // The bombs come in the order the students began waiting.
    expect(order(queue, () => 5000, time)).toEqual(['x-bomb', 'y-bomb', 'z-bomb']);
  });

  it('never serves an owner twice while one who has used no more waits', () => {
    const time = clock();
    const queue = new FairQueue<string>({ now: time.now });
    queue.charge('a', 100);
    queue.charge('b', 100);
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    expect(order(queue, () => 100, time)).toEqual(['a1', 'b1', 'a2']);
  });

  it('forgives past use over time: usage halves every half-life', () => {
    const time = clock();
    const queue = new FairQueue<string>({ now: time.now, halfLifeMs: 60_000 });
    queue.charge('heavy', 8000);
    queue.charge('light', 1000);
    expect(queue.usage('heavy')).toBe(8000);
    time.advance(60_000);
    expect(queue.usage('heavy')).toBeCloseTo(4000);
    queue.push('heavy', 'h');
    queue.push('light', 'l');
    expect(queue.shift()?.item).toBe('l');
    time.advance(20 * 60_000);
    // Both nearly forgotten: now the order is who was served least recently (heavy never was).
    queue.push('light', 'l2');
    expect(queue.shift()?.item).toBe('h');
  });

  it('gives back every waiting job when drained', () => {
    const queue = new FairQueue<number>();
    queue.push('a', 1);
    queue.push('b', 2);
    queue.push('a', 3);
    expect(queue.drain().sort()).toEqual([1, 2, 3]);
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from './counters.js';

describe('counter store', () => {
  it("clears the keys with a prefix, and only those (an email's _ is no wildcard)", async () => {
    const store = new MemoryCounterStore();
    for (const key of [
      'login:a_b@x.com|1.2.3.4',
      'login:a_b@x.com|5.6.7.8',
      'login:aXb@x.com|1.2.3.4',
      'other:a_b@x.com|1',
    ])
      await store.hit(key, 60_000);
    await store.clearPrefix('login:a_b@x.com|');
    expect(
      await Promise.all(
        ['login:a_b@x.com|1.2.3.4', 'login:a_b@x.com|5.6.7.8', 'login:aXb@x.com|1.2.3.4', 'other:a_b@x.com|1'].map(
          (k) => store.count(k),
        ),
      ),
    ).toEqual([0, 0, 1, 1]);
  });
});

import { describe, expect, it } from 'vitest';
import { createBuildMemo } from './build-memo.js';

interface Built {
  bytes: number;
  ok: boolean;
}

describe('builds kept by what they were built from', () => {
  it('makes a build once, and answers the same key from memory after', async () => {
    const memo = createBuildMemo<Built>((b) => b.bytes);
    let made = 0;
    const build = async () => ({ bytes: 10, ok: ++made > 0 });
    const first = await memo.get('a', build, () => true);
    const second = await memo.get('a', build, () => true);
    expect(second).toBe(first);
    expect(made).toBe(1);
    expect(memo.counts).toEqual({ kept: 1, made: 1 });
  });

  it('gives a build being made to whoever asks for it meanwhile', async () => {
    const memo = createBuildMemo<Built>((b) => b.bytes);
    let made = 0;
    let finish!: (value: Built) => void;
    const build = () => {
      made += 1;
      return new Promise<Built>((resolve) => (finish = resolve));
    };
    const both = Promise.all([memo.get('a', build, () => true), memo.get('a', build, () => true)]);
    finish({ bytes: 1, ok: true });
    const [one, two] = await both;
    expect(one).toBe(two);
    expect(made).toBe(1);
  });

  it('does not keep what `keep` refuses, nor a failure', async () => {
    const memo = createBuildMemo<Built>((b) => b.bytes);
    let made = 0;
    const refused = async () => ({ bytes: 1, ok: (made += 1) > 99 });
    await memo.get('a', refused, (b) => b.ok);
    await memo.get('a', refused, (b) => b.ok);
    expect(made).toBe(2);
    await expect(
      memo.get(
        'b',
        () => Promise.reject(new Error('busy')),
        () => true,
      ),
    ).rejects.toThrow('busy');
    await expect(
      memo.get(
        'b',
        async () => ({ bytes: 1, ok: true }),
        () => true,
      ),
    ).resolves.toEqual({
      bytes: 1,
      ok: true,
    });
  });

  it('lets the least recently used go when the bytes run out, and never keeps one larger than all', async () => {
    const memo = createBuildMemo<Built>((b) => b.bytes, 100);
    let made = 0;
    const of = (bytes: number) => async () => ({ bytes, ok: (made += 1) > 0 });
    await memo.get('a', of(60), () => true);
    await memo.get('b', of(30), () => true);
    await memo.get('a', of(60), () => true); // a is used again: b is now the oldest
    await memo.get('c', of(30), () => true); // 120 bytes: b goes
    expect(made).toBe(3);
    await memo.get('a', of(60), () => true);
    expect(made).toBe(3);
    await memo.get('b', of(30), () => true);
    expect(made).toBe(4);
    await memo.get('huge', of(500), () => true);
    await memo.get('huge', of(500), () => true);
    expect(made).toBe(6);
  });
});

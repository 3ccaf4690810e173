import { describe, expect, it } from 'vitest';
import {
  INDEPENDENT,
  ORIGINAL,
  RENAMED_AND_REORDERED,
  STARTER,
  STARTER_ONLY_A,
  STARTER_ONLY_B,
} from '../../../test/similarity-samples.js';
import { type Fragment, similarityMessages } from '../../contracts/similarity.js';
import { analyzeSimilarity, MAX_FRAGMENTS_PER_PAIR } from './similarity-analysis.js';

const files = [
  { id: 1, code: ORIGINAL },
  { id: 2, code: RENAMED_AND_REORDERED },
  { id: 3, code: INDEPENDENT },
  { id: 4, code: STARTER_ONLY_A },
  { id: 5, code: STARTER_ONLY_B },
];

const pairOf = (pairs: Awaited<ReturnType<typeof analyzeSimilarity>>['pairs'], a: number, b: number) =>
  pairs.find((p) => (p.left === a && p.right === b) || (p.left === b && p.right === a))!;

describe('similarity analysis (Dolos)', () => {
  it('ranks a renamed and reordered copy first and an independent solution low, starter code not counted', async () => {
    const progress: string[] = [];
    const { pairs, leftOut } = await analyzeSimilarity({ files, starterCode: STARTER }, (p) =>
      progress.push(`${p.phase} ${p.done}/${p.total}`),
    );
    expect(leftOut).toEqual([]);
    expect(pairs).toHaveLength(10);
    expect([pairs[0]!.left, pairs[0]!.right].sort()).toEqual([1, 2]);
    expect(pairs[0]!.similarity).toBeGreaterThan(0.8);
    // Ranked in order, most similar first.
    expect(pairs.map((p) => p.similarity)).toEqual([...pairs.map((p) => p.similarity)].sort((a, b) => b - a));
    for (const copy of [1, 2]) expect(pairOf(pairs, copy, 3).similarity).toBeLessThan(0.3);
    // Two students who only kept the starter code share nothing once it is left out.
    expect(pairOf(pairs, 4, 5).similarity).toBeLessThan(0.2);
    expect(progress.at(-1)).toBe('fragments 10/10');

    // Both functions matched although they swapped places: fragments start on both sides in each function.
    const fragments = JSON.parse(pairs[0]!.fragments) as Fragment[];
    expect(fragments).toHaveLength(pairs[0]!.fragmentCount);
    expect(fragments.length).toBeGreaterThanOrEqual(2);
    const [left, right] = pairs[0]!.left === 1 ? (['left', 'right'] as const) : (['right', 'left'] as const);
    const original = ORIGINAL.split('\n');
    const rows = (side: 'left' | 'right') => fragments.map((f) => f[side].start_row);
    // sum_digits (rows 2-9 of the original) and is_prime (rows 11-16) are both covered.
    expect(rows(left).some((r) => r >= 2 && r <= 9)).toBe(true);
    expect(rows(left).some((r) => r >= 11 && r <= 16)).toBe(true);
    for (const f of fragments) {
      expect(f[left].end_row).toBeLessThan(original.length);
      expect(f[right].start_row).toBeLessThanOrEqual(f[right].end_row);
    }
  });

  it('counts the starter code when the teacher gave none', async () => {
    const { pairs } = await analyzeSimilarity({ files, starterCode: null });
    expect(pairOf(pairs, 4, 5).similarity).toBeGreaterThan(0.9);
  });

  it('leaves out a file the parser cannot take, with the reason, and compares the rest', async () => {
    // 29,000 nested parentheses: the tokenizer's walk of the tree runs out of stack.
    const deep = `int main(void) { return ${'('.repeat(29_000)}1${')'.repeat(29_000)}; }\n`;
    const { pairs, leftOut } = await analyzeSimilarity({
      files: [...files.slice(0, 3), { id: 9, code: deep }],
      starterCode: STARTER,
    });
    expect(leftOut).toEqual([{ id: 9, reason: similarityMessages.unreadable }]);
    expect(pairs).toHaveLength(3);
    expect([pairs[0]!.left, pairs[0]!.right].sort()).toEqual([1, 2]);
  });

  it('keeps a pair small however many fragments repeated code makes', async () => {
    // Legal files of many repeated lines: every line matches every other, in both files.
    const repeated = (n: number) =>
      `int main(void) {\n${'  x = x + 1; y = y * x;\n  y = y - x; x = y % 7;\n'.repeat(n)}}\n`;
    const { pairs } = await analyzeSimilarity({
      files: [
        { id: 1, code: repeated(120) },
        { id: 2, code: repeated(130) },
        { id: 3, code: `${repeated(60)}${ORIGINAL}` },
      ],
      starterCode: null,
    });
    // The cap did something: more fragments were found than a pair keeps.
    expect(Math.max(...pairs.map((p) => p.fragmentCount))).toBeGreaterThan(MAX_FRAGMENTS_PER_PAIR);
    for (const pair of pairs) {
      expect((JSON.parse(pair.fragments) as Fragment[]).length).toBeLessThanOrEqual(MAX_FRAGMENTS_PER_PAIR);
      // About 130 bytes a fragment: a pair's record stays under 16 KB.
      expect(pair.fragments.length).toBeLessThan(16_000);
    }
  });
});

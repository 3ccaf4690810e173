import { File, type FileEntry, FingerprintIndex, Pair, TokenizedFile } from '@dodona/dolos-core';
import { describe, expect, it } from 'vitest';
import {
  INDEPENDENT,
  ORIGINAL,
  RENAMED_AND_REORDERED,
  repetitiveProgram,
  STARTER,
  STARTER_ONLY_A,
  STARTER_ONLY_B,
} from '../../../test/similarity-samples.js';
import { loadCTokenizer } from './c-tokenizer.js';
import { kgramLocations, MAX_PAIRED_OCCURRENCES, pairFragments, pairScore } from './pair-matching.js';

const tokenize = await loadCTokenizer();
const tokenized = (path: string, code: string) => {
  const { tokens, mapping } = tokenize(code);
  return new TokenizedFile(new File(path, code), tokens, mapping);
};

/** The index a check builds (Dolos's k-grams of 23 tokens, windows of 17), with the starter code ignored if given. */
function indexOf(codes: string[], starter?: string): FileEntry[] {
  const index = new FingerprintIndex(23, 17);
  index.addFiles(codes.map((code, i) => tokenized(`${i}.c`, code)));
  if (starter) index.addIgnoredFile(tokenized('starter.c', starter));
  return index.entries();
}

const samples = [ORIGINAL, RENAMED_AND_REORDERED, INDEPENDENT, STARTER_ONLY_A, STARTER_ONLY_B];
const pairsOf = <T>(items: T[]) => items.flatMap((a, i) => items.slice(i + 1).map((b) => [a, b] as const));
const spans = (fragments: { left: object; right: object }[]) =>
  fragments.map((f) => JSON.stringify([f.left, f.right])).sort();

describe("a pair's score and fragments", () => {
  it("are Dolos's own (its Pair) while within the budget", () => {
    const entries = indexOf(samples);
    const locations = kgramLocations();
    for (const [left, right] of pairsOf(entries)) {
      const dolos = new Pair(left, right);
      expect(pairScore(left, right)).toEqual({ similarity: dolos.similarity, overlap: dolos.overlap });
      const ours = pairFragments(left, right, locations);
      expect(ours.budgetReached).toBe(false);
      const theirs = dolos
        .buildFragments()
        .map((f) => ({ left: { ...f.leftSelection }, right: { ...f.rightSelection } }));
      expect(spans(ours.fragments)).toEqual(spans(theirs));
      // In the order of their start in the left file, as Dolos gives them.
      const starts = ours.fragments.map((f) => f.leftFrom);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
    }
    const copy = pairScore(entries[0]!, entries[1]!);
    expect(copy.similarity).toBeGreaterThan(0.8);
  });

  it("leave out the starter code, each file's own ignored fingerprints subtracted from its k-grams", () => {
    const [a, b] = indexOf([STARTER_ONLY_A, ORIGINAL], STARTER);
    const { similarity, overlap } = pairScore(a!, b!);
    expect(a!.ignored.size).toBeGreaterThan(0);
    expect(similarity).toBeCloseTo(
      overlap / (a!.kgrams.length + b!.kgrams.length - a!.ignored.size - b!.ignored.size),
      12,
    );
    // The same whichever file is on the left.
    expect(pairScore(b!, a!).similarity).toBe(similarity);
    // Two students who only kept the starter code share almost nothing once it is left out.
    const [onlyA, onlyB] = indexOf([STARTER_ONLY_A, STARTER_ONLY_B], STARTER);
    expect(pairScore(onlyA!, onlyB!).similarity).toBeLessThan(0.2);
  });

  it('stay within the budget for two legal files of the same lines repeated, and still find the copy', () => {
    const [left, right] = indexOf([repetitiveProgram(), repetitiveProgram()]);
    // Every paired occurrence Dolos would make: the product of each shared fingerprint's occurrences.
    let everyWay = 0;
    for (const fingerprint of left!.shared)
      everyWay += fingerprint.occurrencesOf(left!.file).length * fingerprint.occurrencesOf(right!.file).length;
    expect(everyWay).toBeGreaterThan(10 * MAX_PAIRED_OCCURRENCES);

    expect(pairScore(left!, right!).similarity).toBe(1);
    const { fragments, paired, budgetReached } = pairFragments(left!, right!, kgramLocations());
    expect(budgetReached).toBe(true);
    expect(paired).toBeLessThanOrEqual(MAX_PAIRED_OCCURRENCES + left!.kgrams.length);
    // The common fingerprints paired in order: the copy shows as one fragment over the whole file.
    expect(fragments).toHaveLength(1);
    for (const side of ['left', 'right'] as const) {
      expect(fragments[0]![side].startRow).toBe(0);
      expect(fragments[0]![side].endRow).toBeGreaterThan(1_990);
    }
  });

  it('take the rarest fingerprints first, and pair the rest in order, when the budget is small', () => {
    // The original program once in each file (its fingerprints rare), then 100 and 80 lines of repeated code.
    const repeated = (lines: number) =>
      repetitiveProgram()
        .split('\n')
        .slice(2, 2 + lines)
        .join('\n');
    const [left, right] = indexOf([`${ORIGINAL}\n${repeated(100)}\n`, `${ORIGINAL}\n${repeated(80)}\n`]);
    const locations = kgramLocations();
    const whole = pairFragments(left!, right!, locations);
    expect(whole.budgetReached).toBe(false);
    const rare = [...left!.shared].filter(
      (f) => f.occurrencesOf(left!.file).length === 1 && f.occurrencesOf(right!.file).length === 1,
    ).length;
    expect(rare).toBeGreaterThan(0);

    // A budget for the fingerprints found once on each side: those are paired, the repeated ones in order.
    const some = pairFragments(left!, right!, locations, rare);
    expect(some.budgetReached).toBe(true);
    expect(some.paired).toBeLessThan(whole.paired);
    expect(some.paired).toBeLessThanOrEqual(rare + Math.min(left!.kgrams.length, right!.kgrams.length));
    // The original program at the top of both files is still one fragment from its first row.
    expect(some.fragments.some((f) => f.left.startRow === 0 && f.right.startRow === 0 && f.left.endRow > 20)).toBe(
      true,
    );
    // No budget at all: every fingerprint paired in order, one pairing per k-gram of the shorter side at most.
    const none = pairFragments(left!, right!, locations, 0);
    expect(none.budgetReached).toBe(true);
    expect(none.paired).toBeLessThanOrEqual(Math.min(left!.kgrams.length, right!.kgrams.length));
  });
});

/**
 * What two files of a check have in common, from Dolos's fingerprint index (@dodona/dolos-core's FingerprintIndex),
 * without Dolos's `Pair`: its constructor finds the longest common run of fingerprints in time proportional to the
 * product of both files' lengths, and its `buildFragments` pairs every occurrence of a shared fingerprint on the
 * left with every one on the right. Two legal files of the same few statements repeated (every fingerprint there
 * a thousand times on each side) made millions of those pairings, and the process ran out of memory.
 *
 * Here a pair's similarity is Dolos's formula, counted in one pass over the shared fingerprints; its fragments are
 * built from at most a budget of paired occurrences, the rarest fingerprints first (those say most about where the
 * code matches). A fingerprint too common to pair all ways within what is left of the budget has its occurrences
 * paired in order instead, the first with the first and so on: a copied stretch of repeated lines still shows as
 * one fragment, at the cost of one pairing per occurrence. Within the budget the fragments are exactly Dolos's.
 */
import type { FileEntry } from '@dodona/dolos-core';

/** Paired occurrences a pair's fragments are built from, at most (plus one per occurrence, paired in order). */
export const MAX_PAIRED_OCCURRENCES = 200_000;

export interface PairScore {
  similarity: number;
  /** K-grams of both files in fingerprints they share: Dolos ranks equal similarities by it. */
  overlap: number;
}

/**
 * Dolos's similarity: the k-grams of both files that are in a fingerprint they share, over all their k-grams, less
 * the fingerprints of the ignored (starter) code each file has. Each side counts its own ignored fingerprints
 * (Dolos 1.2's `Pair` takes the left file's count for both sides, which makes a score depend on which file is
 * left); a file with nothing left to compare scores 0.
 */
export function pairScore(left: FileEntry, right: FileEntry): PairScore {
  const [small, large] = left.shared.size < right.shared.size ? [left, right] : [right, left];
  let overlap = 0;
  for (const fingerprint of small.shared) {
    if (!large.shared.has(fingerprint)) continue;
    overlap += fingerprint.occurrencesOf(left.file).length + fingerprint.occurrencesOf(right.file).length;
  }
  const denominator = left.kgrams.length + right.kgrams.length - left.ignored.size - right.ignored.size;
  return { similarity: denominator > 0 ? overlap / denominator : 0, overlap };
}

/** A stretch of code: rows and columns from 0, the end column exclusive (Dolos's Region, as plain data). */
export interface Span {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

/** A run of k-grams that match in order in both files: k-gram indices [from, to) and the code they cover. */
export interface MatchedRun {
  leftFrom: number;
  leftTo: number;
  rightFrom: number;
  rightTo: number;
  left: Span;
  right: Span;
}

export interface PairFragments {
  /** Dolos's fragments, in the order of their start in the left file. */
  fragments: MatchedRun[];
  /** Paired occurrences the fragments were built from. */
  paired: number;
  /** Some fingerprints were too common to pair all ways: their occurrences were paired in order. */
  budgetReached: boolean;
}

/** The code each k-gram of a file covers, by k-gram index: read once per file from its fingerprints. */
export type KgramLocations = (entry: FileEntry) => Span[];

export function kgramLocations(): KgramLocations {
  const known = new Map<FileEntry, Span[]>();
  return (entry) => {
    let locations = known.get(entry);
    if (!locations) {
      locations = new Array<Span>(entry.kgrams.length);
      for (const set of [entry.shared, entry.ignored])
        for (const fingerprint of set)
          for (const occurrence of fingerprint.occurrencesOf(entry.file))
            locations[occurrence.side.index] = occurrence.side.location;
      known.set(entry, locations);
    }
    return locations;
  };
}

/**
 * The fragments of a pair: maximal runs of k-grams that follow each other in both files, as Dolos's
 * `Pair.buildFragments` makes them (then those contained in a larger one on both sides dropped, as its `squash`
 * does), from at most `budget` paired occurrences.
 */
export function pairFragments(
  left: FileEntry,
  right: FileEntry,
  locationsOf: KgramLocations,
  budget = MAX_PAIRED_OCCURRENCES,
): PairFragments {
  const shared: { left: number[]; right: number[]; product: number }[] = [];
  const [small, large] = left.shared.size < right.shared.size ? [left, right] : [right, left];
  for (const fingerprint of small.shared) {
    if (!large.shared.has(fingerprint)) continue;
    const l = fingerprint.occurrencesOf(left.file).map((o) => o.side.index);
    const r = fingerprint.occurrencesOf(right.file).map((o) => o.side.index);
    shared.push({ left: l, right: r, product: l.length * r.length });
  }
  // Rarest first: a fingerprint once in each file pins the match down; one a thousand times in each says little.
  shared.sort((a, b) => a.product - b.product);

  let all = 0;
  let cut = shared.length;
  for (const [i, s] of shared.entries()) {
    if (all + s.product > budget) {
      cut = i;
      break;
    }
    all += s.product;
  }
  let inOrder = 0;
  for (const s of shared.slice(cut)) inOrder += Math.min(s.left.length, s.right.length);

  // Each paired occurrence (i, j) as one number, ordered by diagonal (j - i), then by i: a run of consecutive i on
  // one diagonal is a fragment. Each k-gram belongs to one fingerprint, so no pairing comes twice.
  const stride = left.kgrams.length + 1;
  const offset = left.kgrams.length;
  const keys = new Float64Array(all + inOrder);
  let n = 0;
  const add = (i: number, j: number) => {
    keys[n++] = (j - i + offset) * stride + i;
  };
  for (const [index, s] of shared.entries()) {
    if (index < cut) {
      for (const i of s.left) for (const j of s.right) add(i, j);
    } else {
      for (let k = 0; k < Math.min(s.left.length, s.right.length); k++) add(s.left[k]!, s.right[k]!);
    }
  }
  keys.sort();

  const leftLocations = locationsOf(left);
  const rightLocations = locationsOf(right);
  const runs: MatchedRun[] = [];
  let run: MatchedRun | undefined;
  for (const key of keys) {
    const i = key % stride;
    const j = (key - i) / stride - offset + i;
    if (run && run.leftTo === i && run.rightTo === j) {
      run.leftTo = i + 1;
      run.rightTo = j + 1;
      widen(run.left, leftLocations[i]!);
      widen(run.right, rightLocations[j]!);
    } else {
      run = {
        leftFrom: i,
        leftTo: i + 1,
        rightFrom: j,
        rightTo: j + 1,
        left: copy(leftLocations[i]!),
        right: copy(rightLocations[j]!),
      };
      runs.push(run);
    }
  }
  return { fragments: squash(runs), paired: n, budgetReached: cut < shared.length };
}

const copy = ({ startRow, startCol, endRow, endCol }: Span): Span => ({ startRow, startCol, endRow, endCol });

/** Grows `into` to cover `other` too (Dolos's Region.merge, in place). */
function widen(into: Span, other: Span): void {
  if (other.startRow < into.startRow || (other.startRow === into.startRow && other.startCol < into.startCol)) {
    into.startRow = other.startRow;
    into.startCol = other.startCol;
  }
  if (other.endRow > into.endRow || (other.endRow === into.endRow && other.endCol > into.endCol)) {
    into.endRow = other.endRow;
    into.endCol = other.endCol;
  }
}

/** Dolos's Range.compare of the left sides; runs on the same left code (repeated code) by their right side. */
const compareStarts = (a: MatchedRun, b: MatchedRun) =>
  a.leftFrom - b.leftFrom || a.leftTo - b.leftTo || a.rightFrom - b.rightFrom;
const compareEnds = (a: MatchedRun, b: MatchedRun) => a.leftTo - b.leftTo || a.leftFrom - b.leftFrom;

/**
 * Dolos's `Pair.squash`, step for step: walks the runs by start and by end of their left side, and drops a run the
 * current one contains on both sides. (It is not a full containment check; kept as Dolos has it, so the fragments
 * are Dolos's.) Returns the rest in the order of their start in the left file.
 */
function squash(runs: MatchedRun[]): MatchedRun[] {
  const byStart = [...runs].sort(compareStarts);
  const byEnd = [...byStart].sort(compareEnds);
  const removed = new Set<MatchedRun>();
  const seen = new Set<MatchedRun>();
  let j = 0;
  for (const started of byStart) {
    if (seen.has(started)) continue;
    while (started !== byEnd[j]) {
      const candidate = byEnd[j]!;
      seen.add(candidate);
      if (
        started.leftFrom <= candidate.leftFrom &&
        candidate.leftTo <= started.leftTo &&
        started.rightFrom <= candidate.rightFrom &&
        candidate.rightTo <= started.rightTo
      )
        removed.add(candidate);
      j += 1;
    }
    j += 1;
  }
  return byStart.filter((r) => !removed.has(r));
}

/**
 * The comparison itself: Dolos's method (@dodona/dolos-core: winnowed k-gram fingerprints of each file's syntax
 * tree tokens, c-tokenizer.ts), so renamed identifiers and reordered functions still match, and the teacher's
 * starter code, added to the index as ignored, is not counted. Runs in the similarity process (similarity-child.ts),
 * never in the web server's.
 *
 * Its work is bounded whatever the input: a file the parser cannot take (29,000 nested parentheses run the
 * tokenizer out of stack) is left out with the reason; each pair's fragments are built from a bounded number of
 * paired occurrences (pair-matching.ts: two legal files of repeated lines once made millions and ran the process out
 * of memory); and each pair keeps at most MAX_FRAGMENTS_PER_PAIR fragments, the longest (four legal 48 KB files of
 * repeated lines once made a 238 MB result).
 */
import { File, type FileEntry, FingerprintIndex, TokenizedFile } from '@dodona/dolos-core';
import { type Fragment, SIMILARITY_MAX_PAIRS, similarityMessages } from '../../contracts/similarity.js';
import { loadCTokenizer } from './c-tokenizer.js';
import { kgramLocations, type Span, pairFragments, pairScore } from './pair-matching.js';

export interface AnalysisInput {
  files: { id: number; code: string }[];
  starterCode: string | null;
}

export interface AnalysisPair {
  left: number;
  right: number;
  similarity: number;
  /** Fragments found; those kept (the longest) are in `fragments`. */
  fragmentCount: number;
  /** The kept fragments as JSON (Fragment[]): written as they come, never parsed by the web server's thread. */
  fragments: string;
}

export interface AnalysisResult {
  pairs: AnalysisPair[];
  /** Files left out of the comparison, with why. */
  leftOut: { id: number; reason: string }[];
}

export interface AnalysisProgress {
  phase: 'reading' | 'comparing' | 'fragments';
  done: number;
  total: number;
}

/** The fragments a pair keeps, the longest first: enough to show where two files match. */
export const MAX_FRAGMENTS_PER_PAIR = 100;

/** Dolos's defaults (k-grams of 23 tokens, one fingerprint kept per window of 17): its results, its quality. */
const KGRAM_LENGTH = 23;
const KGRAMS_IN_WINDOW = 17;

function region(r: Span): Fragment['left'] {
  return { start_row: r.startRow, start_col: r.startCol, end_row: r.endRow, end_col: r.endCol };
}

/** Rows a fragment covers on its longer side: how much code matches. */
const size = (f: Fragment) => Math.max(f.left.end_row - f.left.start_row, f.right.end_row - f.right.start_row);

export async function analyzeSimilarity(
  input: AnalysisInput,
  onProgress: (progress: AnalysisProgress) => void = () => undefined,
): Promise<AnalysisResult> {
  const tokenize = await loadCTokenizer();
  const read = (path: string, code: string) => {
    const file = new File(path, code);
    const { tokens, mapping } = tokenize(code);
    return new TokenizedFile(file, tokens, mapping);
  };

  // Each file is read on its own first: one the parser cannot take is left out, not the end of the check.
  const files: TokenizedFile[] = [];
  const ids = new Map<TokenizedFile, number>();
  const leftOut: AnalysisResult['leftOut'] = [];
  for (const [index, f] of input.files.entries()) {
    try {
      const file = read(`${f.id}.c`, f.code);
      files.push(file);
      ids.set(file, f.id);
    } catch {
      leftOut.push({ id: f.id, reason: similarityMessages.unreadable });
    }
    onProgress({ phase: 'reading', done: index + 1, total: input.files.length });
  }
  if (files.length < 2) return { pairs: [], leftOut };

  const index = new FingerprintIndex(KGRAM_LENGTH, KGRAMS_IN_WINDOW);
  index.addFiles(files);
  if (input.starterCode?.trim()) {
    try {
      index.addIgnoredFile(read('starter.c', input.starterCode));
    } catch {
      // The starter code itself may be what the parser cannot take: compare without it.
    }
  }
  // The index holds each k-gram's place in the code: the token streams, about a third of the check's memory with
  // 50 files of 2,000 lines, are not read again.
  for (const file of files) {
    file.tokens.length = 0;
    file.mapping.length = 0;
  }

  // Every pair's score, in Dolos's order: by similarity, equal ones by overlap, then as the files came.
  const entries: FileEntry[] = index.entries();
  const total = (entries.length * (entries.length - 1)) / 2;
  const scored: { left: FileEntry; right: FileEntry; similarity: number; overlap: number }[] = [];
  onProgress({ phase: 'comparing', done: 0, total });
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++)
      scored.push({ left: entries[i]!, right: entries[j]!, ...pairScore(entries[i]!, entries[j]!) });
    onProgress({ phase: 'comparing', done: scored.length, total });
  }
  const ranked = scored
    .sort((a, b) => b.similarity - a.similarity || b.overlap - a.overlap)
    .slice(0, SIMILARITY_MAX_PAIRS);

  const locationsOf = kgramLocations();
  const pairs: AnalysisPair[] = [];
  for (const [i, { left, right, similarity }] of ranked.entries()) {
    const all: Fragment[] =
      similarity > 0
        ? pairFragments(left, right, locationsOf).fragments.map((f) => ({
            left: region(f.left),
            right: region(f.right),
          }))
        : [];
    const kept = all.length > MAX_FRAGMENTS_PER_PAIR ? all.sort((a, b) => size(b) - size(a)) : all;
    pairs.push({
      left: ids.get(left.file)!,
      right: ids.get(right.file)!,
      similarity,
      fragmentCount: all.length,
      fragments: JSON.stringify(kept.slice(0, MAX_FRAGMENTS_PER_PAIR)),
    });
    if (i % 10 === 9 || i === ranked.length - 1) onProgress({ phase: 'fragments', done: i + 1, total: ranked.length });
  }
  return { pairs, leftOut };
}

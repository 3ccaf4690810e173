/**
 * The comparison itself, with Dolos (tree-sitter's C grammar, winnowed fingerprints of the token stream): renamed
 * identifiers and reordered functions still match, and the teacher's starter code, passed as Dolos's ignored file,
 * is not counted. Runs in the similarity worker thread (similarity-worker.ts), never on the web server's.
 *
 * What it hands back is small whatever the input: a file the parser cannot take (29,000 nested parentheses ran the
 * tokenizer out of stack and used to end the whole check) is left out with the reason, and each pair keeps at most
 * MAX_FRAGMENTS_PER_PAIR fragments, the longest (four legal 48 KB files of repeated lines once made a 238 MB result).
 */
import { Dolos, File, LanguagePicker } from '@dodona/dolos-lib';
import { type Fragment, SIMILARITY_MAX_PAIRS, similarityMessages } from '../../contracts/similarity.js';

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

const fileName = (id: number) => `${id}.c`;

function region(r: { startRow: number; startCol: number; endRow: number; endCol: number }) {
  return { start_row: r.startRow, start_col: r.startCol, end_row: r.endRow, end_col: r.endCol };
}

/** Rows a fragment covers on its longer side: how much code matches. */
const size = (f: Fragment) => Math.max(f.left.end_row - f.left.start_row, f.right.end_row - f.right.start_row);

export async function analyzeSimilarity(
  input: AnalysisInput,
  onProgress: (progress: AnalysisProgress) => void = () => undefined,
): Promise<AnalysisResult> {
  // Each file is read on its own first: one the parser cannot take is left out, not the end of the check.
  const tokenizer = await (await new LanguagePicker().findLanguage('c')).createTokenizer();
  const files: File[] = [];
  const leftOut: AnalysisResult['leftOut'] = [];
  for (const [index, f] of input.files.entries()) {
    const file = new File(fileName(f.id), f.code);
    try {
      tokenizer.tokenizeFile(file);
      files.push(file);
    } catch {
      leftOut.push({ id: f.id, reason: similarityMessages.unreadable });
    }
    onProgress({ phase: 'reading', done: index + 1, total: input.files.length });
  }
  if (files.length < 2) return { pairs: [], leftOut };

  onProgress({ phase: 'comparing', done: 0, total: files.length });
  const dolos = new Dolos({ language: 'c' });
  const starter = input.starterCode?.trim() ? new File('starter.c', input.starterCode) : undefined;
  let report;
  try {
    report = await dolos.analyze(files, 'similarity', starter);
  } catch {
    // The starter code itself may be what the parser cannot take: compare without it.
    report = await new Dolos({ language: 'c' }).analyze(files, 'similarity');
  }
  onProgress({ phase: 'comparing', done: files.length, total: files.length });

  const idOf = (path: string) => Number(path.slice(0, -2));
  // Two files that only kept the starter code have nothing left to compare: Dolos divides 0 by 0.
  const ranked = report
    .allPairs()
    .map((pair) => ({ pair, similarity: Number.isFinite(pair.similarity) ? pair.similarity : 0 }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, SIMILARITY_MAX_PAIRS);
  const pairs: AnalysisPair[] = [];
  for (const [i, { pair, similarity }] of ranked.entries()) {
    const all: Fragment[] =
      similarity > 0
        ? pair.buildFragments().map((f) => ({ left: region(f.leftSelection), right: region(f.rightSelection) }))
        : [];
    const kept = all.length > MAX_FRAGMENTS_PER_PAIR ? all.sort((a, b) => size(b) - size(a)) : all;
    pairs.push({
      left: idOf(pair.leftFile.path),
      right: idOf(pair.rightFile.path),
      similarity,
      fragmentCount: all.length,
      fragments: JSON.stringify(kept.slice(0, MAX_FRAGMENTS_PER_PAIR)),
    });
    if (i % 10 === 9 || i === ranked.length - 1) onProgress({ phase: 'fragments', done: i + 1, total: ranked.length });
  }
  return { pairs, leftOut };
}

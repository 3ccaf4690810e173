/**
 * The comparison itself, with Dolos (tree-sitter's C grammar, winnowed fingerprints of the token stream): renamed
 * identifiers and reordered functions still match, and the teacher's starter code, passed as Dolos's ignored file,
 * is not counted. Runs in the similarity worker thread (similarity-worker.ts), never on the web server's.
 */
import { Dolos, File } from '@dodona/dolos-lib';
import { type Fragment, SIMILARITY_MAX_PAIRS } from '../../contracts/similarity.js';

export interface AnalysisInput {
  files: { id: number; code: string }[];
  starterCode: string | null;
}

export interface AnalysisPair {
  left: number;
  right: number;
  similarity: number;
  fragments: Fragment[];
}

export interface AnalysisProgress {
  phase: 'comparing' | 'fragments';
  done: number;
  total: number;
}

export async function analyzeSimilarity(
  input: AnalysisInput,
  onProgress: (progress: AnalysisProgress) => void = () => undefined,
): Promise<AnalysisPair[]> {
  onProgress({ phase: 'comparing', done: 0, total: input.files.length });
  const dolos = new Dolos({ language: 'c' });
  const files = input.files.map((f) => new File(`${f.id}.c`, f.code));
  const starter = input.starterCode?.trim() ? new File('starter.c', input.starterCode) : undefined;
  const report = await dolos.analyze(files, 'similarity', starter);
  onProgress({ phase: 'comparing', done: input.files.length, total: input.files.length });

  const idOf = (path: string) => Number(path.slice(0, -2));
  // Two files that only kept the starter code have nothing left to compare: Dolos divides 0 by 0.
  const ranked = report
    .allPairs()
    .map((pair) => ({ pair, similarity: Number.isFinite(pair.similarity) ? pair.similarity : 0 }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, SIMILARITY_MAX_PAIRS);
  const result: AnalysisPair[] = [];
  for (const [i, { pair, similarity }] of ranked.entries()) {
    const fragments =
      similarity > 0
        ? pair.buildFragments().map((f) => ({
            left: region(f.leftSelection),
            right: region(f.rightSelection),
          }))
        : [];
    const [left, right] = [idOf(pair.leftFile.path), idOf(pair.rightFile.path)];
    result.push({ left, right, similarity, fragments });
    if (i % 10 === 9 || i === ranked.length - 1) onProgress({ phase: 'fragments', done: i + 1, total: ranked.length });
  }
  return result;
}

function region(r: { startRow: number; startCol: number; endRow: number; endCol: number }) {
  return { start_row: r.startRow, start_col: r.startCol, end_row: r.endRow, end_col: r.endCol };
}

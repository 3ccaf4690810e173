import type { Region } from '../../../contracts/similarity';

/** A piece of one line of code: plain, or inside the fragment of that index (the lowest, where fragments overlap). */
export interface Segment {
  text: string;
  fragment: number | null;
}

/**
 * Splits code into lines of segments, each marked with the fragment that covers it, so the same fragment gets the
 * same colour on both sides. Dolos's regions count rows and columns from 0; the end column is the last character's.
 */
export function highlightLines(code: string, regions: Region[]): Segment[][] {
  const lines = code.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines.map((line, row) => {
    const spans: { from: number; to: number; fragment: number }[] = [];
    regions.forEach((r, fragment) => {
      if (row < r.start_row || row > r.end_row) return;
      const from = row === r.start_row ? Math.max(0, r.start_col) : 0;
      const to = row === r.end_row ? Math.min(line.length, r.end_col + 1) : line.length;
      if (to > from) spans.push({ from, to, fragment });
    });
    if (spans.length === 0) return [{ text: line, fragment: null }];
    const cuts = [...new Set([0, line.length, ...spans.flatMap((s) => [s.from, s.to])])].sort((a, b) => a - b);
    const segments: Segment[] = [];
    for (let i = 0; i < cuts.length - 1; i++) {
      const [from, to] = [cuts[i]!, cuts[i + 1]!];
      const covering = spans.filter((s) => s.from <= from && s.to >= to).map((s) => s.fragment);
      const fragment = covering.length > 0 ? Math.min(...covering) : null;
      const last = segments.at(-1);
      if (last && last.fragment === fragment) last.text += line.slice(from, to);
      else segments.push({ text: line.slice(from, to), fragment });
    }
    return segments;
  });
}

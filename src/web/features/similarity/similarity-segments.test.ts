import { describe, expect, it } from 'vitest';
import { highlightLines } from './similarity-segments';

const region = (start_row: number, start_col: number, end_row: number, end_col: number) => ({
  start_row,
  start_col,
  end_row,
  end_col,
});

describe('highlightLines', () => {
  it('marks each fragment across lines, and keeps the rest plain', () => {
    const code = 'int a;\nint main(void) {\n  return a;\n}\n';
    expect(highlightLines(code, [region(1, 4, 2, 9)])).toEqual([
      [{ text: 'int a;', fragment: null }],
      [
        { text: 'int ', fragment: null },
        { text: 'main(void) {', fragment: 0 },
      ],
      [
        { text: '  return a', fragment: 0 },
        { text: ';', fragment: null },
      ],
      [{ text: '}', fragment: null }],
    ]);
  });

  it('gives an overlap to the first fragment and never loses text', () => {
    const code = '<b>x</b> = y + z;';
    const lines = highlightLines(code, [region(0, 4, 0, 11), region(0, 0, 0, 6), region(5, 0, 6, 3)]);
    expect(lines).toEqual([
      [
        { text: '<b>x', fragment: 1 },
        { text: '</b> = y', fragment: 0 },
        { text: ' + z;', fragment: null },
      ],
    ]);
    expect(lines[0]!.map((s) => s.text).join('')).toBe(code);
  });
});

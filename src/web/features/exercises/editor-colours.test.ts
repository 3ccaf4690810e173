import { describe, expect, it } from 'vitest';
import { editorBackgrounds, editorColours } from './editor-colours';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the C editor colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ee4400', '#ffffff')).toBeLessThan(4.5);
  });

  it.each(Object.entries(editorColours))(
    '%s (%s) reads at 4.5:1 or more on the editor and its active line',
    (_name, colour) => {
      for (const background of Object.values(editorBackgrounds))
        expect(contrast(colour, background)).toBeGreaterThanOrEqual(4.5);
    },
  );
});

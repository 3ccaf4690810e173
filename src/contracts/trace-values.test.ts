import { describe, expect, it } from 'vitest';
import { bytesText } from './trace-values.js';

describe('a block of no known type, as what it holds', () => {
  it('reads text ending in a zero byte as a string', () => {
    expect(bytesText(new Uint8Array([104, 105, 10, 0, 1]), 5)).toBe('"hi\\n"');
  });

  it('reads anything else as its bytes, the unset as ?, and says how many when not all are shown', () => {
    expect(bytesText(new Uint8Array([1, 0, 255, 190]), 4, new Uint8Array([0, 0, 0, 255]))).toBe('01 00 ff ?');
    expect(bytesText(new Uint8Array([1, 0, 255, 190]), 4)).toBe('01 00 ff be');
    expect(bytesText(new Uint8Array(20).fill(7), 20)).toBe(`${Array(16).fill('07').join(' ')} … (20 bytes)`);
    expect(bytesText(new Uint8Array([0, 104, 105]), 3)).toBe('00 68 69');
  });
});

import { describe, expect, it } from 'vitest';
import { formatRupees } from './course.js';

describe('formatRupees', () => {
  it('groups digits the Indian way, as toLocaleString("en-IN") does', () => {
    expect(formatRupees(4000)).toBe('Rs.4,000');
    expect(formatRupees(150000)).toBe('Rs.1,50,000');
    for (const rupees of [0, 7, 999, 1000, 3000, 99999, 100000, 1234567, 98765432, 1000000000]) {
      expect(formatRupees(rupees)).toBe(`Rs.${rupees.toLocaleString('en-IN')}`);
    }
  });
});

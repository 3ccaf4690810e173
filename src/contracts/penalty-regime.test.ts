import { describe, expect, it } from 'vitest';
import { normalPenaltyRegime, penalisedScore, penaltyPercent, takesNothingOff, triesBefore } from './penalty-regime.js';

describe('CodeRunner’s penalty regime', () => {
  it('takes off what CodeRunner’s own penalty-regime test expects, however the list is written', () => {
    // qtype_coderunner tests/penaltyregime_test.php: after N wrong tries, a right one is worth these fractions.
    const marks = [1.0, 0.85, 0.7, 0.5, 0.3, 0.1, 0.0];
    for (const regime of ['15, 30, 50, ...', '15, 30, 50 ...', '15%  30  50% ...', '15   30%   50 ...', '15 30 50 ...'])
      marks.forEach((mark, wrongTries) =>
        expect(1 - penaltyPercent(regime, wrongTries) / 100, `${regime} after ${wrongTries}`).toBeCloseTo(mark),
      );
  });

  it('keeps a list’s last value, and continues "..." up to 100 and no further', () => {
    expect([1, 2, 3, 9].map((tries) => penaltyPercent('0, 5, 10, 30, ...', tries))).toEqual([0, 5, 10, 100]);
    expect([4, 5, 6, 7].map((tries) => penaltyPercent('0, 5, 10, 30, ...', tries))).toEqual([30, 50, 70, 90]);
    expect([1, 2, 3, 50].map((tries) => penaltyPercent('10, 25', tries))).toEqual([10, 25, 25, 25]);
    expect(penaltyPercent('10, 20, ...', 0)).toBe(0);
    expect(penaltyPercent('', 5)).toBe(0);
  });

  it('writes a regime as CodeRunner stores it, and refuses what CodeRunner’s form refuses', () => {
    expect(normalPenaltyRegime('0,5,10,30,...')).toBe('0, 5, 10, 30, ...');
    expect(normalPenaltyRegime('10% 20%')).toBe('10, 20');
    expect(normalPenaltyRegime('33.3, 66.6')).toBe('33.3, 66.6');
    for (const bad of ['', 'ten', '10, 20, ..., 30', '20, 10, ...', '10, ...', '150', '{{ PENALTY }}', '-5'])
      expect(normalPenaltyRegime(bad), bad).toBeNull();
    expect(takesNothingOff('0')).toBe(true);
    expect(takesNothingOff('0, 0, 0')).toBe(true);
    expect(takesNothingOff('0, 10, 20, ...')).toBe(false);
  });

  it('counts tries as Moodle does: the same code submitted again is the same try', () => {
    expect(triesBefore([], 'a')).toBe(0);
    expect(triesBefore(['a'], 'b')).toBe(1);
    expect(triesBefore(['a'], 'a')).toBe(0);
    expect(triesBefore(['a', 'a', 'b'], 'c')).toBe(2);
    expect(triesBefore(['a', 'b', 'a'], 'a')).toBe(2);
    expect(penalisedScore(30, 10)).toBe(27);
    expect(penalisedScore(5, 15)).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { wholeNumberSchema } from './fields.js';
import { formatCountdown, timedMessages, timedState } from './timed-work.js';

const WINDOW = { opens_at: '2026-12-10T04:30:00.000Z', closes_at: '2026-12-10T05:00:00.000Z' };

describe('timed work', () => {
  it('is waiting before the opening, open from it, and over from the closing moment on', () => {
    expect(timedState(WINDOW, Date.parse(WINDOW.opens_at) - 1)).toBe('waiting');
    expect(timedState(WINDOW, Date.parse(WINDOW.opens_at))).toBe('open');
    expect(timedState(WINDOW, Date.parse(WINDOW.closes_at) - 1)).toBe('open');
    expect(timedState(WINDOW, Date.parse(WINDOW.closes_at))).toBe('over');
  });

  it('counts down in minutes and seconds, with hours when there are any, never below zero', () => {
    expect(formatCountdown(29 * 60_000 + 5_000)).toBe('29:05');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(2 * 3_600_000 + 61_000)).toBe('2:01:01');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });

  it('says on the course clock when a program opens or closed', () => {
    expect(timedMessages.notOpen(7, WINDOW.opens_at, 'Asia/Kolkata')).toBe(
      'Program 7 opens at 10 Dec 2026, 10:00 am IST.',
    );
    expect(timedMessages.timeUp(7, WINDOW.closes_at, 'Asia/Kolkata')).toBe(
      'Time is up: Program 7 closed at 10 Dec 2026, 10:30 am IST. Late work is not accepted.',
    );
  });
});

describe('a whole number field', () => {
  const minutes = wholeNumberSchema('Give whole minutes.', 0, 60);
  it('takes a number or its digits', () => {
    for (const [given, read] of [
      [3, 3],
      ['3', 3],
      [' 45 ', 45],
      [0, 0],
      ['60', 60],
    ] as const)
      expect(minutes.parse(given)).toBe(read);
  });
  it('refuses what z.coerce would have read as a number, with the one message', () => {
    for (const given of [null, '', true, false, [], '0x3', '1e2', 1.5, '2.5', -1, 61, Number.NaN, undefined]) {
      const parsed = minutes.safeParse(given);
      expect(parsed.success, JSON.stringify(given)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Give whole minutes.');
    }
  });
});

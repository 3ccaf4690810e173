import { describe, expect, it } from 'vitest';
import { dayAfter, zonedDate, zonedInstant } from './zoned-time.js';

describe('a wall-clock time in the course zone', () => {
  it('is the instant India reads it, across midnight UTC', () => {
    expect(zonedInstant('2026-11-30', '19:00', 'Asia/Kolkata')).toBe('2026-11-30T13:30:00.000Z');
    // 00:30 on 1 Dec in India is still 30 Nov in UTC.
    expect(zonedInstant('2026-12-01', '00:30', 'Asia/Kolkata')).toBe('2026-11-30T19:00:00.000Z');
  });

  it('follows summer time in zones that have it', () => {
    expect(zonedInstant('2026-07-01', '19:00', 'Europe/London')).toBe('2026-07-01T18:00:00.000Z');
    expect(zonedInstant('2026-12-01', '19:00', 'Europe/London')).toBe('2026-12-01T19:00:00.000Z');
  });
});

describe('the course calendar', () => {
  it('has its own today, a day ahead of UTC after midnight in India', () => {
    expect(zonedDate(new Date('2026-11-20T18:29:00.000Z'), 'Asia/Kolkata')).toBe('2026-11-20');
    expect(zonedDate(new Date('2026-11-20T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2026-11-21');
    expect(zonedDate(new Date('2026-11-20T18:30:00.000Z'), 'UTC')).toBe('2026-11-20');
  });

  it('turns the page at the end of a month and a year', () => {
    expect(dayAfter('2026-11-30')).toBe('2026-12-01');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
  });
});

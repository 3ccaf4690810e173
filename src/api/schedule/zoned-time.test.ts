import { describe, expect, it } from 'vitest';
import { zonedInstant } from './zoned-time.js';

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

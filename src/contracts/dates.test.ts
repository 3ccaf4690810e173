import { describe, expect, it } from 'vitest';
import {
  courseWallClock,
  DEFAULT_TIME_ZONE,
  formatClockTime,
  formatDate,
  formatDateTime,
  formatTime,
  isKnownTimeZone,
} from './dates.js';

describe('course dates', () => {
  it('are in India Standard Time unless the teacher chooses another zone', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Kolkata');
  });

  it('print a date-only value as that day, never shifted by a time zone', () => {
    expect(formatDate('2026-11-30', DEFAULT_TIME_ZONE)).toBe('30 Nov 2026');
    expect(formatDate('2027-01-04', DEFAULT_TIME_ZONE)).toBe('4 Jan 2027');
    expect(formatDate('2026-09-01', DEFAULT_TIME_ZONE)).toBe('1 Sep 2026');
    expect(formatDate('2026-12-31', DEFAULT_TIME_ZONE)).toBe('31 Dec 2026');
  });

  it('print an instant as the day it was in India', () => {
    // 19:00 UTC on 30 Nov is 00:30 on 1 Dec in India; 18:00 UTC is still 30 Nov there.
    expect(formatDate('2026-11-30T19:00:00.000Z', DEFAULT_TIME_ZONE)).toBe('1 Dec 2026');
    expect(formatDate('2026-11-30T18:00:00.000Z', DEFAULT_TIME_ZONE)).toBe('30 Nov 2026');
    expect(formatDate(new Date('2026-11-30T18:00:00.000Z'), DEFAULT_TIME_ZONE)).toBe('30 Nov 2026');
  });

  it('print a date and time on the course clock, with the zone', () => {
    expect(formatDateTime('2026-11-23T07:34:05.000Z', DEFAULT_TIME_ZONE)).toBe('23 Nov 2026, 1:04 pm IST');
    expect(formatDateTime('2026-11-30T19:00:00.000Z', DEFAULT_TIME_ZONE)).toBe('1 Dec 2026, 12:30 am IST');
    expect(formatDateTime('2026-11-23T06:30:00.000Z', DEFAULT_TIME_ZONE)).toBe('23 Nov 2026, 12:00 pm IST');
    expect(formatDateTime('2026-09-23T02:00:00.000Z', DEFAULT_TIME_ZONE)).toBe('23 Sep 2026, 7:30 am IST');
  });

  it('print a time of day with seconds', () => {
    expect(formatTime('2026-11-23T07:34:05.000Z', DEFAULT_TIME_ZONE)).toBe('1:04:05 pm IST');
    expect(formatTime('2026-11-23T18:30:09.000Z', DEFAULT_TIME_ZONE)).toBe('12:00:09 am IST');
  });

  it('do not depend on the zone of the computer', () => {
    // Timestamps in other notations of the same instant print the same.
    expect(formatDateTime('2026-11-23T13:04:05+05:30', DEFAULT_TIME_ZONE)).toBe('23 Nov 2026, 1:04 pm IST');
    expect(formatDateTime('2026-11-23T02:34:05-05:00', DEFAULT_TIME_ZONE)).toBe('23 Nov 2026, 1:04 pm IST');
  });

  it('return what they cannot read unchanged', () => {
    expect(formatDate('soon', DEFAULT_TIME_ZONE)).toBe('soon');
    expect(formatDateTime('not a date', DEFAULT_TIME_ZONE)).toBe('not a date');
    expect(formatDate('2026-13-40', DEFAULT_TIME_ZONE)).toBe('2026-13-40');
  });

  it('follow the zone they are given, and refuse a zone that does not exist', () => {
    const london = 'Europe/London';
    expect(formatDateTime('2026-07-01T18:00:00.000Z', london)).toBe('1 Jul 2026, 7:00 pm GMT+1');
    expect(formatClockTime('2026-12-01T18:00:00.000Z', london)).toBe('6:00 pm GMT');
    expect(courseWallClock('2026-07-01T23:30:00.000Z', london)).toEqual({ date: '2026-07-02', time: '00:30' });
    expect(isKnownTimeZone(london)).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(() => formatDateTime('2026-07-01T18:00:00.000Z', 'Mars/Olympus')).toThrow(RangeError);
    // Printing in one zone leaves the others as they were: nothing is set.
    expect(formatClockTime('2026-11-30T13:30:00.000Z', DEFAULT_TIME_ZONE)).toBe('7:00 pm IST');
    expect(courseWallClock('2026-11-30T19:00:00.000Z', DEFAULT_TIME_ZONE)).toEqual({
      date: '2026-12-01',
      time: '00:30',
    });
  });
});

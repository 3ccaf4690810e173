import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from './dates.js';
import {
  attendanceStatus,
  batchSessionInputSchema,
  formatSessionTime,
  scheduleGenerateSchema,
  weekdayDates,
} from './schedule.js';

describe('a student attendance status', () => {
  const session = { starts_at: '2026-12-10T13:30:00.000Z', duration_minutes: 60 };
  const at = (minutes: number) => new Date(Date.parse(session.starts_at) + minutes * 60_000).toISOString();
  const now = (minutes: number) => Date.parse(at(minutes));

  it('is present when joined no later than 10 minutes after the start, late after that', () => {
    expect(attendanceStatus(session, { joined_at: at(-10), mark: null }, now(120))).toBe('present');
    expect(attendanceStatus(session, { joined_at: at(10), mark: null }, now(120))).toBe('present');
    expect(attendanceStatus(session, { joined_at: at(10.02), mark: null }, now(120))).toBe('late');
    // Known as soon as the student joins, before the session ends.
    expect(attendanceStatus(session, { joined_at: at(1), mark: null }, now(2))).toBe('present');
  });

  it('is upcoming, then in progress, then absent when not joined', () => {
    expect(attendanceStatus(session, undefined, now(-1))).toBe('upcoming');
    expect(attendanceStatus(session, undefined, now(0))).toBe('in progress');
    expect(attendanceStatus(session, { joined_at: null, mark: null }, now(59))).toBe('in progress');
    expect(attendanceStatus(session, undefined, now(60))).toBe('absent');
  });

  it("follows the teacher's mark whatever the Join click says", () => {
    expect(attendanceStatus(session, { joined_at: at(0), mark: 'absent' }, now(120))).toBe('absent');
    expect(attendanceStatus(session, { joined_at: null, mark: 'present' }, now(-30))).toBe('present');
    expect(attendanceStatus(session, { joined_at: at(0), mark: 'late' }, now(120))).toBe('late');
  });
});

describe('weekday generation', () => {
  it('gives successive chosen weekdays from the first date, the first date included when it is one', () => {
    // 30 Nov 2026 is a Monday.
    expect(weekdayDates('2026-11-30', ['mon', 'wed', 'fri'], 5)).toEqual([
      '2026-11-30',
      '2026-12-02',
      '2026-12-04',
      '2026-12-07',
      '2026-12-09',
    ]);
    expect(weekdayDates('2026-12-01', ['mon'], 2)).toEqual(['2026-12-07', '2026-12-14']);
  });

  it('crosses months, years and leap days', () => {
    expect(weekdayDates('2027-12-30', ['fri', 'sat'], 3)).toEqual(['2027-12-31', '2028-01-01', '2028-01-07']);
    expect(weekdayDates('2028-02-28', ['tue'], 1)).toEqual(['2028-02-29']);
  });

  it('gives nothing without a weekday or a real date', () => {
    expect(weekdayDates('2026-11-30', [], 3)).toEqual([]);
    expect(weekdayDates('2026-02-30', ['mon'], 3)).toEqual([]);
  });
});

describe('the schedule forms', () => {
  const good = { session_number: 1, date: '2026-12-01', start_time: '19:00', duration_minutes: 90 };
  it('take a time of day and a duration of 1 to 480 minutes', () => {
    expect(batchSessionInputSchema.safeParse(good).success).toBe(true);
    for (const start_time of ['24:00', '7pm', '12:60', '7:00'])
      expect(batchSessionInputSchema.safeParse({ ...good, start_time }).success, start_time).toBe(false);
    for (const duration_minutes of [0, 481])
      expect(batchSessionInputSchema.safeParse({ ...good, duration_minutes }).success).toBe(false);
    expect(batchSessionInputSchema.safeParse({ ...good, date: '2026-02-30' }).success).toBe(false);
    expect(
      scheduleGenerateSchema.safeParse({ start_time: '19:00', duration_minutes: 60, weekdays: ['mon', 'moon'] })
        .success,
    ).toBe(false);
  });
});

describe('a class time', () => {
  it('reads with the weekday, the date and the start and end on the course clock', () => {
    expect(formatSessionTime('2026-11-30T13:30:00.000Z', '2026-11-30T15:00:00.000Z', DEFAULT_TIME_ZONE)).toBe(
      'Mon 30 Nov 2026, 7:00 pm – 8:30 pm IST',
    );
    // 00:30 on 1 Dec in India.
    expect(formatSessionTime('2026-11-30T19:00:00.000Z', '2026-11-30T20:00:00.000Z', DEFAULT_TIME_ZONE)).toBe(
      'Tue 1 Dec 2026, 12:30 am – 1:30 am IST',
    );
    expect(formatSessionTime('2026-12-01T18:00:00.000Z', '2026-12-01T19:00:00.000Z', DEFAULT_TIME_ZONE)).toBe(
      'Tue 1 Dec 2026, 11:30 pm – 2 Dec 2026, 12:30 am IST',
    );
  });
});

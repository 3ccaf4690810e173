import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../../contracts/dates';
import type { MySession } from '../../../contracts/schedule';
import { countdownText, groupTimetable, joinState } from './timetable';

function session(id: number, startsAt: string, minutes = 90): MySession {
  return {
    id,
    session_number: id,
    starts_at: startsAt,
    ends_at: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
    duration_minutes: minutes,
    topics: `Topic ${id}`,
    lesson_video: null,
    status: 'upcoming',
    joined_at: null,
  };
}

describe('the timetable', () => {
  // 30 Nov 2026, 20:00 IST.
  const now = Date.parse('2026-11-30T14:30:00.000Z');
  const sessions = [
    session(4, '2026-12-02T13:30:00.000Z'), // 2 Dec 19:00 IST
    session(1, '2026-11-28T13:30:00.000Z'), // 28 Nov
    session(3, '2026-11-30T18:45:00.000Z'), // 1 Dec 00:15 IST: tomorrow in India, though 30 Nov in UTC
    session(2, '2026-11-30T13:30:00.000Z'), // today 19:00-20:30 IST, in progress
    session(0, '2026-11-26T13:30:00.000Z'),
  ];

  it('tells past, today and upcoming apart by the course calendar day', () => {
    const t = groupTimetable(sessions, now, DEFAULT_TIME_ZONE);
    expect(t.today.map((s) => s.id)).toEqual([2]);
    expect(t.upcoming.map((s) => s.id)).toEqual([3, 4]);
    expect(t.past.map((s) => s.id)).toEqual([1, 0]);
    expect(t.next?.id).toBe(2);
  });

  it('keeps a class that began before midnight and is still on under today', () => {
    // 30 Nov 23:30 IST for two hours; at 1 Dec 00:30 IST it is still on.
    const late = session(7, '2026-11-30T18:00:00.000Z', 120);
    const t = groupTimetable([late], Date.parse('2026-11-30T19:00:00.000Z'), DEFAULT_TIME_ZONE);
    expect(t.today.map((s) => s.id)).toEqual([7]);
    expect(t.past).toEqual([]);
    expect(
      groupTimetable([late], Date.parse('2026-11-30T20:30:00.000Z'), DEFAULT_TIME_ZONE).past.map((s) => s.id),
    ).toEqual([7]);
  });

  it('counts down to the next session once the current one ends, and has none after the last', () => {
    expect(groupTimetable(sessions, Date.parse('2026-11-30T15:00:00.000Z'), DEFAULT_TIME_ZONE).next?.id).toBe(3);
    expect(groupTimetable(sessions, Date.parse('2026-12-31T00:00:00.000Z'), DEFAULT_TIME_ZONE).next).toBeUndefined();
    expect(groupTimetable([], now, DEFAULT_TIME_ZONE)).toEqual({ today: [], upcoming: [], past: [], next: undefined });
  });
});

describe('the countdown', () => {
  const start = '2026-12-02T13:30:00.000Z';
  const end = '2026-12-02T15:00:00.000Z';
  const before = (ms: number) => Date.parse(start) - ms;
  it('reads in days and hours, hours and minutes, minutes and seconds', () => {
    expect(countdownText(start, end, before((2 * 24 + 3) * 3600_000 + 20 * 60_000))).toBe('Starts in 2 d 3 h');
    expect(countdownText(start, end, before(3600_000 + 5 * 60_000))).toBe('Starts in 1 h 5 min');
    expect(countdownText(start, end, before(4 * 60_000 + 10_000))).toBe('Starts in 4 min 10 s');
    expect(countdownText(start, end, before(9_000))).toBe('Starts in 9 s');
    expect(countdownText(start, end, before(8_200))).toBe('Starts in 9 s');
    expect(countdownText(start, end, Date.parse(start))).toBe('In progress');
    expect(countdownText(start, end, Date.parse(end))).toBe('Ended');
  });
});

describe('the Join button', () => {
  const s = session(1, '2026-12-02T13:30:00.000Z', 60);
  const at = (minutes: number) => Date.parse(s.starts_at) + minutes * 60_000;
  it('shows from 10 minutes before the start until the end', () => {
    expect(joinState(s, at(-10.01)).open).toBe(false);
    expect(joinState(s, at(-10))).toEqual({ open: true, opensAt: '2026-12-02T13:20:00.000Z' });
    expect(joinState(s, at(59.9)).open).toBe(true);
    expect(joinState(s, at(60)).open).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { sessionCalendarUrl } from './calendar-api';

describe('sessionCalendarUrl', () => {
  it('names one class of the feed, as the server serves it', () => {
    expect(sessionCalendarUrl('https://course.example.com/calendar/Abc_123-xyz.ics', 42)).toBe(
      'https://course.example.com/calendar/Abc_123-xyz/sessions/42.ics',
    );
    expect(sessionCalendarUrl('http://127.0.0.1:3000/calendar/tok', 7)).toBe(
      'http://127.0.0.1:3000/calendar/tok/sessions/7.ics',
    );
  });
});

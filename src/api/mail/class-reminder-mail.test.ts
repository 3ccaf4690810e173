import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../contracts/dates.js';
import { classReminderMail, type ReminderDetails } from './mail-templates.js';

const details = (
  startsAt: string,
  kind: ReminderDetails['kind'] = 'day',
  zone = DEFAULT_TIME_ZONE,
): ReminderDetails => ({
  kind,
  zone,
  sessionNumber: 3,
  topics: 'Pointers',
  startsAt,
  durationMinutes: 90,
  meetingLink: 'https://meet.example.com/c',
  myClassesUrl: 'https://course.example/DashPage/myclasses',
  stopPageUrl: 'https://course.example/StopReminders?token=t',
  stopOneClickUrl: 'https://course.example/api/v1/reminders/stop?token=t',
});

describe('a class reminder mail', () => {
  it('names the day on the course calendar: today, tomorrow, or the date', () => {
    const now = new Date('2026-11-30T04:30:00.000Z'); // 30 Nov, 10:00 am IST
    expect(classReminderMail('a@b.c', 'Asha', details('2026-11-30T13:30:00.000Z'), now).subject).toBe(
      'Reminder: C class today at 7:00 pm IST — Session 3',
    );
    expect(classReminderMail('a@b.c', 'Asha', details('2026-12-01T13:30:00.000Z'), now).subject).toBe(
      'Reminder: C class tomorrow at 7:00 pm IST — Session 3',
    );
    const later = classReminderMail('a@b.c', 'Asha', details('2026-12-02T03:30:00.000Z'), now);
    expect(later.subject).toBe('Reminder: C class on 2 Dec 2026 at 9:00 am IST — Session 3');
    expect(later.text).toContain('https://course.example/StopReminders?token=t');
  });

  it('says tomorrow across a summer-time change', () => {
    // Sat 28 Mar 2026 23:30 GMT; clocks go forward that night; the class is Sun 29 Mar 10:00 BST.
    const mail = classReminderMail(
      'a@b.c',
      'Asha',
      details('2026-03-29T09:00:00.000Z', 'day', 'Europe/London'),
      new Date('2026-03-28T23:30:00.000Z'),
    );
    expect(mail.subject).toBe('Reminder: C class tomorrow at 10:00 am GMT+1 — Session 3');
  });
});

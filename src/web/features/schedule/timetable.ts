import { courseWallClock } from '../../../contracts/dates';
import { joinWindow, type MySession } from '../../../contracts/schedule';

export interface Timetable {
  /** Sessions on today's date (the course's calendar), in time order. */
  today: MySession[];
  upcoming: MySession[];
  /** Most recent first. */
  past: MySession[];
  /** The first session that has not ended: the one counted down to and joined. */
  next: MySession | undefined;
}

/** A batch's sessions told apart by the course's calendar day at `now` (the server's time). */
export function groupTimetable(sessions: MySession[], now: number, zone: string): Timetable {
  const sorted = [...sessions].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  const today = courseWallClock(new Date(now), zone)?.date ?? '';
  // A class still going on counts as today's, even one that began before midnight.
  const dayOf = (s: MySession) =>
    Date.parse(s.starts_at) <= now && now < Date.parse(s.ends_at)
      ? today
      : (courseWallClock(s.starts_at, zone)?.date ?? '');
  return {
    today: sorted.filter((s) => dayOf(s) === today),
    upcoming: sorted.filter((s) => dayOf(s) > today),
    past: sorted.filter((s) => dayOf(s) < today).reverse(),
    next: sorted.find((s) => Date.parse(s.ends_at) > now),
  };
}

/** "Starts in 2 d 3 h", "Starts in 1 h 5 min", "Starts in 4 min 10 s", "Starts in 9 s"; "In progress" once started. */
export function countdownText(startsAt: string, endsAt: string, now: number): string {
  const left = Date.parse(startsAt) - now;
  if (left <= 0) return now < Date.parse(endsAt) ? 'In progress' : 'Ended';
  const seconds = Math.ceil(left / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  if (days > 0) return `Starts in ${days} d ${hours} h`;
  if (hours > 0) return `Starts in ${hours} h ${minutes} min`;
  if (minutes > 0) return `Starts in ${minutes} min ${secs} s`;
  return `Starts in ${secs} s`;
}

/** Whether the Join button shows: from JOIN_OPENS_MINUTES_BEFORE the start until the end. */
export function joinState(session: MySession, now: number): { open: boolean; opensAt: string } {
  const { opens, closes } = joinWindow(session.starts_at, session.duration_minutes);
  return { open: now >= opens && now < closes, opensAt: new Date(opens).toISOString() };
}

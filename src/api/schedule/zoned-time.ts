import { TZDate } from '@date-fns/tz';

/**
 * The instant (ISO-8601, UTC) at which the course's wall clock in `zone` reads `date` ('2026-11-30') at `time`
 * ('19:00'). @date-fns/tz does the zone arithmetic (summer time included); a wall-clock time that a clock change
 * skips is moved forward by the gap, as calendars do.
 */
export function zonedInstant(date: string, time: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, zone).getTime()).toISOString();
}

/** The course calendar's day ('2026-11-30') in `zone` at an instant. */
export function zonedDate(instant: Date, zone: string): string {
  const local = new TZDate(instant.getTime(), zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${two(local.getMonth() + 1)}-${two(local.getDate())}`;
}

/** The calendar day after `date` ('2026-11-30' -> '2026-12-01'), with no time zone to shift it. */
export function dayAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

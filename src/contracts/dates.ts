/**
 * Dates and times as people read them, the same on every screen and in every email: "30 Nov 2026" and
 * "23 Nov 2026, 1:04 pm IST", in the course's time zone (a site setting, India Standard Time unless the teacher
 * changes it), whatever the reader's computer or the server's zone is set to. The zone is passed to each function:
 * the server reads it from the settings, the browser from the site facts the page carries; nothing here holds it.
 *
 * Intl converts an instant to the course's wall clock; the words around the numbers are ours, so a browser and
 * the server (each with its own ICU data: "Sep" or "Sept", "pm" or "PM", a space or a narrow no-break space)
 * print the same text. Not for the landing page: a browser's first Intl call loads locale data (decision 007).
 */

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** The zones a teacher can choose from: the course's home and where its students are likely to be. */
export const TIME_ZONES = [
  'Asia/Kolkata',
  'Asia/Dubai',
  'Asia/Singapore',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Colombo',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Australia/Sydney',
  'UTC',
] as const;

/** An IANA zone name such as 'Asia/Kolkata': the course's time zone, a site setting, passed to every function here. */
export type TimeZone = string;

/** The Intl formatters of a zone, made on first use (not when the module loads) and kept: they cost to make. */
interface ZoneFormats {
  wallClock: Intl.DateTimeFormat;
  names: Intl.DateTimeFormat | undefined;
}
const formatsByZone = new Map<TimeZone, ZoneFormats>();

function formatsOf(zone: TimeZone): ZoneFormats {
  let formats = formatsByZone.get(zone);
  if (!formats) {
    formats = {
      // Throws RangeError for a zone Intl does not know.
      wallClock: new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      }),
      names: undefined,
    };
    formatsByZone.set(zone, formats);
  }
  return formats;
}

/** Whether Intl knows the zone (a setting naming another would fail every date printed). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    formatsOf(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone's short name at an instant: "IST" for India (ICU calls it "GMT+5:30"), else the name ICU gives in US
 * English, which follows summer time ("GMT" or "GMT+1" in London, "EST" or "EDT" in New York).
 */
function zoneLabelAt(instant: Date, zone: TimeZone): string {
  if (zone === 'Asia/Kolkata') return 'IST';
  if (zone === 'UTC') return 'UTC';
  const formats = formatsOf(zone);
  formats.names ??= new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
  return formats.names.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar date with no time of day, such as a session date: '2026-11-30'. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of the zone at an instant. */
function inZone(instant: Date, zone: TimeZone): WallClock {
  const parts = Object.fromEntries(
    formatsOf(zone)
      .wallClock.formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function toInstant(value: string | Date): Date | undefined {
  const instant = value instanceof Date ? value : new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

const dayMonthYear = (year: number, month: number, day: number) => `${day} ${MONTHS[month - 1]} ${year}`;
const twoDigits = (n: number) => String(n).padStart(2, '0');

function clockTime({ hour, minute, second }: WallClock, withSeconds: boolean): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${twoDigits(minute)}${withSeconds ? `:${twoDigits(second)}` : ''} ${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * "30 Nov 2026". A date-only value ('2026-11-30', a session or batch start date) is a day on the course's
 * calendar and is printed as it is, never moved through a time zone (which could shift it by a day); an instant
 * (an ISO timestamp) is the day it was in the zone. Anything unreadable is returned unchanged.
 */
export function formatDate(value: string | Date, zone: TimeZone): string {
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value.trim());
    if (match) {
      const [, year, month, day] = match.map(Number) as [number, number, number, number];
      return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? dayMonthYear(year, month, day) : value;
    }
  }
  const instant = toInstant(value);
  if (!instant) return String(value);
  const clock = inZone(instant, zone);
  return dayMonthYear(clock.year, clock.month, clock.day);
}

/** "23 Nov 2026, 1:04 pm IST": an instant, on the course's clock. */
export function formatDateTime(value: string | Date, zone: TimeZone): string {
  const instant = toInstant(value);
  if (!instant) return String(value);
  const clock = inZone(instant, zone);
  return `${dayMonthYear(clock.year, clock.month, clock.day)}, ${clockTime(clock, false)} ${zoneLabelAt(instant, zone)}`;
}

/** "1:04:05 pm IST": the time of day alone, for things that happen many times a day (a draft saved, a run). */
export function formatTime(value: string | Date, zone: TimeZone): string {
  const instant = toInstant(value);
  if (!instant) return String(value);
  return `${clockTime(inZone(instant, zone), true)} ${zoneLabelAt(instant, zone)}`;
}

/** "7:00 pm IST": the start of a class, on the course clock. */
export function formatClockTime(value: string | Date, zone: TimeZone): string {
  const instant = toInstant(value);
  if (!instant) return String(value);
  return `${clockTime(inZone(instant, zone), false)} ${zoneLabelAt(instant, zone)}`;
}

/** An instant as the course's calendar day and clock time ('2026-11-30', '19:00'), as a schedule form edits it. */
export function courseWallClock(value: string | Date, zone: TimeZone): { date: string; time: string } | undefined {
  const instant = toInstant(value);
  if (!instant) return undefined;
  const c = inZone(instant, zone);
  return {
    date: `${c.year}-${twoDigits(c.month)}-${twoDigits(c.day)}`,
    time: `${twoDigits(c.hour)}:${twoDigits(c.minute)}`,
  };
}

import { joinLinkPath } from '../../contracts/schedule.js';
import { createHash } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import type { Kysely } from 'kysely';
import { calendarEndpoints, calendarMessages, type CalendarLinks } from '../../contracts/calendar.js';
import { COURSE_NAME, SITE_NAME, STUDENT_STATUS } from '../../contracts/course.js';
import type { TimeZone } from '../../contracts/dates.js';
import { dashboardPaths, paths } from '../../contracts/paths.js';
import { toOneLine } from '../../contracts/fields.js';
import { ensurePrivateLink, findStudentByPrivateLink, replacePrivateLink } from '../auth/private-links.repository.js';
import type { Config } from '../config/env.js';
import type { Database, StudentRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { type BatchFilter, type CalendarClass, findClass, listClasses } from './calendar.repository.js';
import { endpointUrl } from '../../contracts/endpoint.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  /** The course's time zone (a site setting). */
  timeZone: () => Promise<TimeZone>;
}

/** A calendar file and its ETag (a hash of the text: the same classes give the same file). */
export interface CalendarFile {
  text: string;
  etag: string;
}

/** Calendar apps poll a subscribed feed about this often (Google decides for itself, Outlook and Apple ask this). */
const REFRESH_SECONDS = 60 * 60;

const isEnrolled = (student: Pick<StudentRow, 'student_status'>) =>
  student.student_status === STUDENT_STATUS.paid || student.student_status === STUDENT_STATUS.completed;

/** `abc…xyz` or `abc…xyz.ics`: the token a feed address carries. */
const tokenOf = (segment: string) => segment.replace(/\.ics$/i, '');

export function createCalendarService({ db, config, timeZone }: Deps) {
  const host = new URL(config.appUrl).hostname;
  const myClassesUrl = `${config.appUrl}${paths.dashboard}/${dashboardPaths.myClasses}`;
  const joinUrlOf = async (studentId: number) =>
    `${config.appUrl}${joinLinkPath(await ensurePrivateLink(db, studentId, 'join'))}`;

  const linksFor = (token: string): CalendarLinks => {
    const feed = `${config.appUrl}${endpointUrl(calendarEndpoints.calendarFeed, { token: `${token}.ics` })}`;
    return { feed_url: feed, webcal_url: feed.replace(/^https?:\/\//, 'webcal://') };
  };

  /** The teacher's feed has every batch; a student's, the batch they are in now (none once they have left it). */
  const filterFor = (student: Pick<StudentRow, 'role' | 'student_status' | 'student_batch'>): BatchFilter | null => {
    if (student.role === 'admin') return 'all';
    if (!isEnrolled(student) || student.student_batch === null) return null;
    return { batch: student.student_batch };
  };

  const newCalendar = (name: string, zone: TimeZone): ICalCalendar => {
    const calendar = ical({
      name,
      prodId: { company: SITE_NAME, product: 'Class calendar' },
      method: ICalCalendarMethod.PUBLISH,
      ttl: REFRESH_SECONDS,
      // The generator writes a VTIMEZONE for the events' zone. No calendar-wide zone name: ical-generator would
      // write DTSTAMP, CREATED and LAST-MODIFIED as floating times in it, where iCalendar wants UTC.
      timezone: { name: '', generator: getVtimezoneComponent },
    });
    // Google Calendar's default zone for the feed.
    return calendar.x('X-WR-TIMEZONE', zone);
  };

  /** `joinUrl`: a student's own join address, which stands for the meeting's in their feed. */
  const addEvent = (
    calendar: ICalCalendar,
    zone: TimeZone,
    row: CalendarClass,
    withBatch: boolean,
    joinUrl: string | null,
  ) => {
    const meeting = row.meeting_link ? (joinUrl ?? row.meeting_link) : null;
    const startMs = Date.parse(row.starts_at);
    const endMs = startMs + row.duration_minutes * 60_000;
    // Topics saved before control characters were refused may hold some: a feed carries none (a summary is one
    // line; the description keeps the topics' own line breaks).
    const topics = row.topics ? row.topics.split(/\r?\n/).map(toOneLine) : [];
    const title = `${COURSE_NAME} — Session ${row.session_number}${topics.length ? `: ${topics.join(' ').trim()}` : ''}`;
    const description = [
      ...(withBatch ? [`Batch ${row.batch_number}`] : []),
      ...(topics.length ? [`Topics: ${topics.join('\n')}`] : []),
      meeting ? `Join the class: ${meeting}` : 'The meeting link is on My Classes.',
      `My Classes: ${myClassesUrl}`,
    ].join('\n\n');
    calendar.createEvent({
      id: `batch-session-${row.id}@${host}`,
      // In the course's zone with its VTIMEZONE, so a calendar shows the class at its wall-clock time there.
      start: zone === 'UTC' ? new Date(startMs) : new TZDate(startMs, zone),
      end: zone === 'UTC' ? new Date(endMs) : new TZDate(endMs, zone),
      timezone: zone === 'UTC' ? null : zone,
      summary: withBatch ? `Batch ${row.batch_number} · ${title}` : title,
      description,
      location: meeting,
      url: meeting ?? myClassesUrl,
      sequence: row.sequence,
      stamp: new Date(row.updated_at),
      lastModified: new Date(row.updated_at),
      created: new Date(row.created_at),
    });
  };

  const fileOf = (calendar: ICalCalendar): CalendarFile => {
    const text = calendar.toString();
    return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
  };

  return {
    /** The signed-in person's feed addresses; the token is made on the first call. */
    async links(student: StudentRow): Promise<CalendarLinks> {
      if (student.role !== 'admin') {
        if (!isEnrolled(student)) throw new AppError('forbidden', calendarMessages.needsPayment);
        if (student.student_batch === null) throw new AppError('conflict', calendarMessages.needsBatch);
      }
      return linksFor(await ensurePrivateLink(db, student.id, 'calendar'));
    },

    /** A new token: calendars subscribed to the old address get 404 from now on. */
    async revoke(student: StudentRow): Promise<CalendarLinks> {
      if (student.role !== 'admin' && !isEnrolled(student))
        throw new AppError('forbidden', calendarMessages.needsPayment);
      return linksFor(await replacePrivateLink(db, student.id, 'calendar'));
    },

    /** The whole feed behind a token, made from the database on each call; undefined for a wrong or revoked one. */
    async feed(segment: string): Promise<CalendarFile | undefined> {
      const owner = await findStudentByPrivateLink(db, 'calendar', tokenOf(segment));
      if (!owner) return undefined;
      const filter = filterFor(owner);
      const zone = await timeZone();
      const calendar = newCalendar(filter === 'all' ? `${COURSE_NAME} — all batches` : `${COURSE_NAME} classes`, zone);
      calendar.description(`Class times of the ${COURSE_NAME} course (${SITE_NAME})`);
      const joinUrl = filter && filter !== 'all' ? await joinUrlOf(owner.id) : null;
      if (filter)
        for (const row of await listClasses(db, filter)) addEvent(calendar, zone, row, filter === 'all', joinUrl);
      return fileOf(calendar);
    },

    /** One class of the token's feed as its own file; undefined if the token or the class is not in it. */
    async sessionFile(segment: string, id: number): Promise<CalendarFile | undefined> {
      const owner = await findStudentByPrivateLink(db, 'calendar', tokenOf(segment));
      const filter = owner ? filterFor(owner) : null;
      if (!filter) return undefined;
      const row = await findClass(db, filter, id);
      if (!row) return undefined;
      const zone = await timeZone();
      const calendar = newCalendar(`${COURSE_NAME} — Session ${row.session_number}`, zone);
      addEvent(calendar, zone, row, filter === 'all', filter === 'all' ? null : await joinUrlOf(owner!.id));
      return fileOf(calendar);
    },
  };
}

import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { batchNumberSchema } from './course-content.js';
import { courseWallClock, formatClockTime, formatDate, formatDateTime, type TimeZone } from './dates.js';
import { DATE_YEARS, isoDateSchema, isRealIsoDate, recordIdSchema } from './fields.js';

/**
 * Each batch's dated class sessions and the students' attendance: shapes of the schedule API, its messages, and the
 * rules both the server and the screens apply (the join window, a student's attendance status, weekday generation).
 */

/** The longest class: eight hours. */
export const MAX_DURATION_MINUTES = 480;
/** The Join button opens this long before a class starts and stays until it ends. */
export const JOIN_OPENS_MINUTES_BEFORE = 10;

/**
 * A student's own address for joining their batch's classes: opened while a class can be joined it records the
 * attendance, then (at any time) it opens the batch's video meeting. Every link to a class the site hands a student
 * is this one: in the page, the mails and the calendar feed.
 */
export const joinLinkPath = (token: string) => `/join/${token}`;
export const joinLinkParamsSchema = z.object({ token: z.string().max(300) });
/** A student who joins later than this after the start is late. */
export const LATE_AFTER_MINUTES = 10;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const weekdayLabels: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

export const scheduleMessages = {
  badStartTime: 'Start time must be a time of day written as HH:MM, from 00:00 to 23:59 (for example 19:00)',
  badDuration: `Duration must be a whole number of minutes from 1 to ${MAX_DURATION_MINUTES} (eight hours)`,
  noWeekdays: 'Choose at least one weekday',
  notInPlan: (session: number) =>
    `Session ${session} is not in the course plan: add it under Create Course first, or choose another session number.`,
  alreadyScheduled: (session: number, batch: number) => `Session ${session} is already scheduled for batch ${batch}.`,
  overlaps: (session: number, startsAt: string, zone: TimeZone) =>
    `This time overlaps session ${session} of the same batch (${formatDateTime(startsAt, zone)}). Choose another time.`,
  noSuchSession: 'No such class session.',
  noFirstDate: 'Give the first date: this batch has no start date yet.',
  beforeStart: (batch: number, start: string, zone: TimeZone) =>
    `Batch ${batch} starts on ${formatDate(start, zone)}: its classes can't be before that. Choose a date on or after it, or change the batch's start date in Create Batch.`,
  emptyPlan: 'The course plan has no sessions yet: add them under Create Course first.',
  allScheduled: (batch: number) => `Every session of the course plan is already scheduled for batch ${batch}.`,
  onlyStudentsJoin: 'Only students join classes.',
  notYourBatch: 'This class is not one of your batch’s.',
  joinNotOpen: (opensAt: string, zone: TimeZone) =>
    `Join opens ${JOIN_OPENS_MINUTES_BEFORE} minutes before the class starts, at ${formatDateTime(opensAt, zone)}.`,
  classEnded: 'This class has ended.',
  tooLate: `The schedule would run past ${DATE_YEARS.max}: choose an earlier first date.`,
} as const;

/** A time of day on the course clock, 'HH:MM' (what a browser's time input gives). */
export const startTimeSchema = z
  .string({ error: scheduleMessages.badStartTime })
  .trim()
  .max(5, scheduleMessages.badStartTime)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, scheduleMessages.badStartTime);

export const durationSchema = z.coerce
  .number({ error: scheduleMessages.badDuration })
  .int(scheduleMessages.badDuration)
  .min(1, scheduleMessages.badDuration)
  .max(MAX_DURATION_MINUTES, scheduleMessages.badDuration);

const sessionNumberSchema = z.coerce
  .number({ error: 'Session number must be a number' })
  .int('Session number must be a whole number')
  .min(1, 'Session number must be 1 or more')
  .max(100_000, 'Session number is too large');

/** `PUT /api/v1/batch_sessions/:id`: a session moved or made longer or shorter. */
export const batchSessionUpdateSchema = z.strictObject({
  date: isoDateSchema('Date'),
  start_time: startTimeSchema,
  duration_minutes: durationSchema,
});
export type BatchSessionUpdate = z.infer<typeof batchSessionUpdateSchema>;
export type BatchSessionUpdateInput = z.input<typeof batchSessionUpdateSchema>;

/** `POST /api/v1/batches/:number/sessions`: one session of the course plan, dated for the batch. */
export const batchSessionInputSchema = batchSessionUpdateSchema.extend({ session_number: sessionNumberSchema });
export type BatchSessionInput = z.infer<typeof batchSessionInputSchema>;
export type BatchSessionFormInput = z.input<typeof batchSessionInputSchema>;

/** `POST /api/v1/batches/:number/sessions/generate`: the rest of the plan, on successive chosen weekdays. */
export const scheduleGenerateSchema = z.strictObject({
  /** Default: the batch's start date. */
  first_date: isoDateSchema('First date').optional(),
  start_time: startTimeSchema,
  duration_minutes: durationSchema,
  weekdays: z
    .array(z.enum(WEEKDAYS, { error: 'Weekdays must be among mon, tue, wed, thu, fri, sat and sun' }), {
      error: scheduleMessages.noWeekdays,
    })
    .min(1, scheduleMessages.noWeekdays)
    .max(7, 'Each weekday can be chosen once'),
});
export type ScheduleGenerate = z.infer<typeof scheduleGenerateSchema>;

/** The generate form: an empty first date means the batch's start date. */
export const scheduleGenerateFormSchema = scheduleGenerateSchema.extend({
  first_date: z.preprocess((value) => (value === '' ? undefined : value), scheduleGenerateSchema.shape.first_date),
});
export type ScheduleGenerateFormInput = z.input<typeof scheduleGenerateFormSchema>;

export const batchSessionParamsSchema = z.object({ id: recordIdSchema });
export const attendanceParamsSchema = z.object({ id: recordIdSchema, studentId: recordIdSchema });
export const batchScheduleParamsSchema = z.object({ number: batchNumberSchema });

/** A batch's session as the admin's schedule lists it: the plan's topics joined by session number. */
export const batchSessionSchema = z.object({
  id: z.number(),
  batch_number: z.number(),
  session_number: z.number(),
  /** ISO instant (UTC). */
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number(),
  sequence: z.number(),
  /** "Session N" when the plan no longer has this session. */
  topics: z.string(),
  lesson_video: z.string().nullable(),
});
export type BatchSession = z.infer<typeof batchSessionSchema>;
export const batchSessionListSchema = z.array(batchSessionSchema);

export const attendanceStatuses = ['present', 'late', 'absent', 'upcoming', 'in progress'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];
/**
 * A class on a student's own timetable may also have been held before they joined the batch: not theirs to have
 * missed, and not counted in their attendance (countsForStudent).
 */
export const mySessionStatuses = [...attendanceStatuses, 'before joining'] as const;
export type MySessionStatus = (typeof mySessionStatuses)[number];
export const attendanceMarks = ['present', 'late', 'absent'] as const;
export type AttendanceMark = (typeof attendanceMarks)[number];

/** `PUT /api/v1/batch_sessions/:id/attendance/:studentId`: the teacher's correction, or null to clear it. */
export const attendanceMarkInputSchema = z.strictObject({
  mark: z.enum(attendanceMarks, { error: 'Mark must be present, late, absent or null (no correction)' }).nullable(),
});
export type AttendanceMarkInput = z.infer<typeof attendanceMarkInputSchema>;

export const attendanceRowSchema = z.object({
  student_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  joined_at: z.string().nullable(),
  status: z.enum(attendanceStatuses),
  /** The teacher's mark, when it overrides the Join click. */
  mark: z.enum(attendanceMarks).nullable(),
});
export type AttendanceRow = z.infer<typeof attendanceRowSchema>;

export const attendanceSheetSchema = z.object({ session: batchSessionSchema, rows: z.array(attendanceRowSchema) });
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;
export const attendanceSheetQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });

/** A session on the student's timetable. */
export const mySessionSchema = batchSessionSchema.omit({ batch_number: true, sequence: true }).extend({
  status: z.enum(mySessionStatuses),
  joined_at: z.string().nullable(),
});
export type MySession = z.infer<typeof mySessionSchema>;

/** `GET /api/v1/my_schedule`: the server's clock, so a wrong clock on the student's computer can't move a class. */
export const myScheduleSchema = z.object({
  now: z.string(),
  batch_number: z.number().nullable(),
  meeting_link: z.string().nullable(),
  sessions: z.array(mySessionSchema),
});
export type MySchedule = z.infer<typeof myScheduleSchema>;

/** `POST /api/v1/my_sessions/:id/join`. */
export const joinResultSchema = z.object({ meeting_link: z.string().nullable(), joined_at: z.string() });
export type JoinResult = z.infer<typeof joinResultSchema>;

const MINUTE = 60_000;

export function sessionEnd(startsAt: string, durationMinutes: number): string {
  return new Date(Date.parse(startsAt) + durationMinutes * MINUTE).toISOString();
}

/** The classes that have ended by `at` (held), and when the next of the others ends (null: none left). */
export function heldClasses<S extends { starts_at: string; duration_minutes: number }>(
  sessions: S[],
  at: number,
): { held: S[]; nextEndAt: number | null } {
  const ends = sessions.map((s) => joinWindow(s.starts_at, s.duration_minutes).closes);
  const upcoming = ends.filter((end) => end > at);
  return { held: sessions.filter((_, i) => ends[i]! <= at), nextEndAt: upcoming.length ? Math.min(...upcoming) : null };
}

/** From JOIN_OPENS_MINUTES_BEFORE before the start until the end. */
export function joinWindow(startsAt: string, durationMinutes: number): { opens: number; closes: number } {
  const start = Date.parse(startsAt);
  return { opens: start - JOIN_OPENS_MINUTES_BEFORE * MINUTE, closes: start + durationMinutes * MINUTE };
}

/**
 * A student's attendance at a session: the teacher's mark when there is one; else present when they joined no later
 * than LATE_AFTER_MINUTES after the start, late when they joined later, and, not joined, absent once the session has
 * ended (before that 'upcoming', then 'in progress').
 */
export function attendanceStatus(
  session: { starts_at: string; duration_minutes: number },
  attendance: { joined_at: string | null; mark: AttendanceMark | null } | undefined,
  now: number,
): AttendanceStatus {
  if (attendance?.mark) return attendance.mark;
  const start = Date.parse(session.starts_at);
  if (attendance?.joined_at)
    return Date.parse(attendance.joined_at) <= start + LATE_AFTER_MINUTES * MINUTE ? 'present' : 'late';
  if (now >= start + session.duration_minutes * MINUTE) return 'absent';
  return now >= start ? 'in progress' : 'upcoming';
}

/**
 * Whether a class counts in a student's attendance: it could still be joined when they were placed in the batch (it
 * ended after `joinedBatchAt`), or they attended it all the same (a Join click, or the teacher marked them present
 * or late). A class held before they joined is not one they missed. `joinedBatchAt` null (placed before the site
 * recorded when): every class of the batch counts.
 */
export function countsForStudent(
  session: { starts_at: string; duration_minutes: number },
  joinedBatchAt: string | null,
  status: AttendanceStatus,
): boolean {
  if (joinedBatchAt === null || status === 'present' || status === 'late') return true;
  return joinWindow(session.starts_at, session.duration_minutes).closes > Date.parse(joinedBatchAt);
}

/** A class's status on the student's own timetable: attendanceStatus, or 'before joining' for one not theirs. */
export function myAttendanceStatus(
  session: { starts_at: string; duration_minutes: number },
  attendance: { joined_at: string | null; mark: AttendanceMark | null } | undefined,
  now: number,
  joinedBatchAt: string | null,
): MySessionStatus {
  const status = attendanceStatus(session, attendance, now);
  return countsForStudent(session, joinedBatchAt, status) ? status : 'before joining';
}

/** 'YYYY-MM-DD' days later (a calendar day, with no time zone to shift it). */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 is Sunday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/** The first `count` dates from `first` (included) that fall on one of `weekdays`. */
export function weekdayDates(first: string, weekdays: readonly Weekday[], count: number): string[] {
  if (!isRealIsoDate(first) || weekdays.length === 0) return [];
  const chosen = new Set(weekdays);
  const dates: string[] = [];
  for (let date = first; dates.length < count; date = addDays(date, 1))
    if (chosen.has(weekdayOf(date))) dates.push(date);
  return dates;
}

/** "Mon 30 Nov 2026, 7:00 pm – 8:30 pm IST": a class on the course clock. */
export function formatSessionTime(startsAt: string, endsAt: string, zone: TimeZone): string {
  const day = courseWallClock(startsAt, zone)?.date ?? startsAt;
  const weekday = weekdayLabels[weekdayOf(day)];
  const start = formatClockTime(startsAt, zone).replace(/ \S+$/, '');
  const sameDay = courseWallClock(endsAt, zone)?.date === day;
  const end = sameDay ? formatClockTime(endsAt, zone) : `${formatDate(endsAt, zone)}, ${formatClockTime(endsAt, zone)}`;
  return `${weekday} ${formatDate(day, zone)}, ${start} – ${end}`;
}

/** The endpoints of the class schedule and attendance. */
export const scheduleEndpoints = endpoints({
  batchSessions: {
    method: 'GET',
    path: '/api/v1/batches/:number/sessions',
    access: 'admin',
    params: batchScheduleParamsSchema,
    response: { 200: batchSessionListSchema },
  },
  addSession: {
    method: 'POST',
    path: '/api/v1/batches/:number/sessions',
    access: 'admin',
    params: batchScheduleParamsSchema,
    body: batchSessionInputSchema,
    response: { 201: batchSessionSchema },
  },
  generate: {
    method: 'POST',
    path: '/api/v1/batches/:number/sessions/generate',
    access: 'admin',
    params: batchScheduleParamsSchema,
    body: scheduleGenerateSchema,
    response: { 201: batchSessionListSchema },
  },
  updateSession: {
    method: 'PUT',
    path: '/api/v1/batch_sessions/:id',
    access: 'admin',
    params: batchSessionParamsSchema,
    body: batchSessionUpdateSchema,
    response: { 200: batchSessionSchema },
  },
  deleteSession: {
    method: 'DELETE',
    path: '/api/v1/batch_sessions/:id',
    access: 'admin',
    params: batchSessionParamsSchema,
  },
  attendance: {
    method: 'GET',
    path: '/api/v1/batch_sessions/:id/attendance',
    access: 'admin',
    params: batchSessionParamsSchema,
    query: attendanceSheetQuerySchema,
    response: { 200: attendanceSheetSchema },
  },
  markAttendance: {
    method: 'PUT',
    path: '/api/v1/batch_sessions/:id/attendance/:studentId',
    access: 'admin',
    params: attendanceParamsSchema,
    body: attendanceMarkInputSchema,
    response: { 200: attendanceRowSchema },
  },
  mySchedule: { method: 'GET', path: '/api/v1/my_schedule', access: 'student', response: { 200: myScheduleSchema } },
  joinLink: { method: 'GET', path: '/join/:token', access: 'public', params: joinLinkParamsSchema },
  join: {
    method: 'POST',
    path: '/api/v1/my_sessions/:id/join',
    access: 'student',
    params: batchSessionParamsSchema,
    response: { 200: joinResultSchema },
  },
});

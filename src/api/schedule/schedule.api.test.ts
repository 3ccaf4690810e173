import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, bearer, createAdminTestApp, lastMailTo, verifiedStudent } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { courseWallClock, DEFAULT_TIME_ZONE, formatDateTime } from '../../contracts/dates.js';
import { fieldMessages } from '../../contracts/fields.js';
import { scheduleMessages } from '../../contracts/schedule.js';

let ctx: TestContext;
let adminToken: string;
/** The schedule service's clock: each test sets the time it needs. */
let clock = new Date('2026-11-20T00:00:00.000Z');

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp({}, { clock: () => clock }));
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const asAdmin = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
const as = (token: string, method: Method, url: string) => ctx.app.inject({ method, url, headers: bearer(token) });

const addSession = (batch: number | string, body: object) => asAdmin('POST', `/api/v1/batches/${batch}/sessions`, body);
const countSessions = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('batch_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function planSize(): Promise<number> {
  return (await asAdmin('GET', '/courses/')).json().length;
}

/** A verified student, paid (or not) and in a batch. */
async function studentIn(batch: number | null, paid = true) {
  const s = await verifiedStudent(ctx);
  if (paid) expect((await asAdmin('PATCH', `/students/${s.id}`, { student_status: 1 })).statusCode).toBe(200);
  if (batch !== null)
    expect(
      (await asAdmin('PATCH', '/students/update_batch', { email: s.email, student_batch: batch })).statusCode,
    ).toBe(200);
  return s;
}

describe('a batch schedule', () => {
  it('stores a session by the course clock, across the time zone and midnight, and lists it back the same', async () => {
    // 00:30 on 1 Dec in India is 19:00 on 30 Nov in UTC.
    const added = await addSession(11, {
      session_number: 1,
      date: '2026-12-01',
      start_time: '00:30',
      duration_minutes: 90,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      batch_number: 11,
      session_number: 1,
      starts_at: '2026-11-30T19:00:00.000Z',
      ends_at: '2026-11-30T20:30:00.000Z',
      duration_minutes: 90,
      sequence: 0,
    });
    const stored = await ctx.database.db
      .selectFrom('batch_sessions')
      .select('starts_at')
      .where('id', '=', added.json().id)
      .executeTakeFirstOrThrow();
    expect(new Date(stored.starts_at).toISOString()).toBe('2026-11-30T19:00:00.000Z');
    const list = (await asAdmin('GET', '/api/v1/batches/11/sessions')).json();
    expect(list).toHaveLength(1);
    expect(courseWallClock(list[0].starts_at, DEFAULT_TIME_ZONE)).toEqual({ date: '2026-12-01', time: '00:30' });
    const plan = (await asAdmin('GET', '/courses/')).json();
    expect(list[0].topics).toBe(plan.find((p: { session_number: number }) => p.session_number === 1).topics);
    // 23:30 stays on its own day too.
    const late = await addSession(11, {
      session_number: 2,
      date: '2026-12-01',
      start_time: '23:30',
      duration_minutes: 30,
    });
    expect(late.json().starts_at).toBe('2026-12-01T18:00:00.000Z');
    expect(courseWallClock(late.json().starts_at, DEFAULT_TIME_ZONE)).toEqual({ date: '2026-12-01', time: '23:30' });
  });

  it('edits a session: bumps its sequence, and a deleted plan entry still lists as "Session N"', async () => {
    const plan = await asAdmin('POST', '/courses', {
      session_number: 501,
      session_date: '2026-12-01',
      topics: 'Extra',
    });
    const added = (
      await addSession(12, { session_number: 501, date: '2026-12-03', start_time: '19:00', duration_minutes: 60 })
    ).json();
    const before = await ctx.database.db
      .selectFrom('batch_sessions')
      .select(['updated_at'])
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    clock = new Date('2026-11-21T00:00:00.000Z');
    const edited = await asAdmin('PUT', `/api/v1/batch_sessions/${added.id}`, {
      date: '2026-12-04',
      start_time: '18:15',
      duration_minutes: 120,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      starts_at: '2026-12-04T12:45:00.000Z',
      duration_minutes: 120,
      sequence: 1,
      topics: 'Extra',
    });
    const after = await ctx.database.db
      .selectFrom('batch_sessions')
      .select(['updated_at'])
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    expect(new Date(after.updated_at).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(after.updated_at).not.toBe(before.updated_at);

    expect((await asAdmin('DELETE', `/courses/${plan.json().id}`)).statusCode).toBe(204);
    const list = (await asAdmin('GET', '/api/v1/batches/12/sessions')).json();
    expect(list[0]).toMatchObject({ session_number: 501, topics: 'Session 501', lesson_video: null });

    expect((await asAdmin('DELETE', `/api/v1/batch_sessions/${added.id}`)).statusCode).toBe(204);
    expect((await asAdmin('GET', '/api/v1/batches/12/sessions')).json()).toEqual([]);
    expect((await asAdmin('DELETE', `/api/v1/batch_sessions/${added.id}`)).statusCode).toBe(404);
    expect(
      (
        await asAdmin('PUT', `/api/v1/batch_sessions/${added.id}`, {
          date: '2026-12-04',
          start_time: '18:15',
          duration_minutes: 60,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('withdraws pending reminders when a session moves or is deleted, not when only its length changes', async () => {
    const s = await studentIn(13);
    const session = (
      await addSession(13, { session_number: 1, date: '2026-12-10', start_time: '19:00', duration_minutes: 60 })
    ).json();
    const db = ctx.database.db;
    const remind = async (kind: 'day' | 'hour') => {
      const mail = await db
        .insertInto('outbox')
        .values({ to_address: s.email, subject: 'Class reminder', text_body: 'Soon', html_body: '<p>Soon</p>' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('session_reminders')
        .values({
          batch_session_id: session.id,
          student_id: s.id,
          kind,
          starts_at: session.starts_at,
          outbox_id: mail.id,
        })
        .execute();
      return mail.id;
    };
    const pending = async (id: number) =>
      Boolean(await db.selectFrom('outbox').select('id').where('id', '=', id).executeTakeFirst());

    const first = await remind('day');
    await asAdmin('PUT', `/api/v1/batch_sessions/${session.id}`, {
      date: '2026-12-10',
      start_time: '19:00',
      duration_minutes: 90,
    });
    expect(await pending(first)).toBe(true);
    await asAdmin('PUT', `/api/v1/batch_sessions/${session.id}`, {
      date: '2026-12-10',
      start_time: '20:00',
      duration_minutes: 90,
    });
    expect(await pending(first)).toBe(false);
    const second = await remind('hour');
    expect((await asAdmin('DELETE', `/api/v1/batch_sessions/${session.id}`)).statusCode).toBe(204);
    expect(await pending(second)).toBe(false);
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const good = { session_number: 3, date: '2026-12-07', start_time: '19:00', duration_minutes: 90 };
    expect((await addSession(14, good)).statusCode).toBe(201);
    const stored = await countSessions();
    const refused = async (batch: number | string, body: object, status: number, message: string) => {
      const response = await addSession(batch, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().errors.join(' ')).toContain(message);
    };
    // Overlaps session 3, 19:00-20:30: says which session.
    await refused(14, { ...good, session_number: 4, start_time: '20:00' }, 409, 'overlaps session 3');
    await refused(14, { ...good, session_number: 4, start_time: '18:00', duration_minutes: 61 }, 409, 'session 3');
    for (const start_time of ['24:00', '7pm', '12:60', '9:00', '', '19:00:00'])
      await refused(14, { ...good, session_number: 4, start_time }, 400, scheduleMessages.badStartTime);
    for (const duration_minutes of [0, 481, -5, 1.5, 'long'])
      await refused(14, { ...good, session_number: 4, duration_minutes }, 400, scheduleMessages.badDuration);
    await refused(14, { ...good, session_number: 4, date: '2026-02-30' }, 400, 'must be a real date');
    await refused(14, { ...good, session_number: 4, date: '30/11/2026' }, 400, 'must be a real date');
    await refused(14, { ...good, session_number: 9999, date: '2026-12-20' }, 400, scheduleMessages.notInPlan(9999));
    await refused(14, { ...good, date: '2026-12-20' }, 409, scheduleMessages.alreadyScheduled(3, 14));
    await refused(0, good, 400, 'Batch number');
    await refused(100_001, good, 400, 'Batch number');
    await refused('x', good, 400, 'Batch number');
    await refused(14, { ...good, session_number: 4, extra: 1 }, 400, '');
    expect(await countSessions()).toBe(stored);

    const edit = (id: string | number, body: object) => asAdmin('PUT', `/api/v1/batch_sessions/${id}`, body);
    const huge = await edit('2147483648', { date: '2026-12-07', start_time: '19:00', duration_minutes: 30 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toContain(fieldMessages.badId);
    expect((await asAdmin('DELETE', '/api/v1/batch_sessions/99999999999')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/v1/batch_sessions/0/attendance')).statusCode).toBe(400);
    const other = (await addSession(14, { ...good, session_number: 4, date: '2026-12-09' })).json();
    const clash = await edit(other.id, { date: '2026-12-07', start_time: '20:29', duration_minutes: 30 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0]).toContain('session 3');
    expect((await edit(other.id, { date: '2026-12-07', start_time: '24:00', duration_minutes: 30 })).statusCode).toBe(
      400,
    );
    // Back to back is not an overlap.
    expect((await edit(other.id, { date: '2026-12-07', start_time: '20:30', duration_minutes: 30 })).statusCode).toBe(
      200,
    );

    // A meeting link that isn't https is refused where it is set.
    const link = await asAdmin('PUT', '/api/v1/batches/14', { meeting_link: 'http://meet.example.com/x' });
    expect(link.statusCode).toBe(400);
    expect(link.json().errors.join(' ')).toContain('https://');
    expect((await asAdmin('PUT', '/api/v1/batches/14', { meeting_link: 'javascript:alert(1)' })).statusCode).toBe(400);
  });

  it('generates the rest of the plan on the chosen weekdays, in plan order', async () => {
    const n = await planSize();
    await asAdmin('PUT', '/api/v1/batches/15', { start_date: '2026-11-30' }); // a Monday
    // Session 2 is already there: generation fills the others around it.
    await addSession(15, { session_number: 2, date: '2027-03-01', start_time: '07:00', duration_minutes: 60 });
    const generated = await asAdmin('POST', '/api/v1/batches/15/sessions/generate', {
      start_time: '19:00',
      duration_minutes: 90,
      weekdays: ['mon', 'wed', 'fri'],
    });
    expect(generated.statusCode).toBe(201);
    const list = generated.json() as { session_number: number; starts_at: string }[];
    expect(list).toHaveLength(n);
    const made = list.filter((s) => s.session_number !== 2);
    expect(made.map((s) => s.session_number)).toEqual([...Array(n).keys()].map((i) => i + 1).filter((k) => k !== 2));
    expect(made.slice(0, 5).map((s) => courseWallClock(s.starts_at, DEFAULT_TIME_ZONE))).toEqual([
      { date: '2026-11-30', time: '19:00' },
      { date: '2026-12-02', time: '19:00' },
      { date: '2026-12-04', time: '19:00' },
      { date: '2026-12-07', time: '19:00' },
      { date: '2026-12-09', time: '19:00' },
    ]);

    const again = await asAdmin('POST', '/api/v1/batches/15/sessions/generate', {
      start_time: '19:00',
      duration_minutes: 90,
      weekdays: ['mon'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([scheduleMessages.allScheduled(15)]);

    // No first date and no start date; no weekday; an overlap with an existing session: nothing stored.
    const before = await countSessions();
    const noDate = await asAdmin('POST', '/api/v1/batches/16/sessions/generate', {
      start_time: '19:00',
      duration_minutes: 60,
      weekdays: ['tue'],
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors).toEqual([scheduleMessages.noFirstDate]);
    const noDays = await asAdmin('POST', '/api/v1/batches/16/sessions/generate', {
      first_date: '2026-12-01',
      start_time: '19:00',
      duration_minutes: 60,
      weekdays: [],
    });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().errors).toEqual([scheduleMessages.noWeekdays]);
    await addSession(16, { session_number: 1, date: '2026-12-03', start_time: '19:30', duration_minutes: 60 });
    const clash = await asAdmin('POST', '/api/v1/batches/16/sessions/generate', {
      first_date: '2026-12-01',
      start_time: '19:00',
      duration_minutes: 60,
      weekdays: ['tue', 'thu'],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0]).toContain('overlaps session 1');
    expect(await countSessions()).toBe(before + 1);
  });
});

describe('one date per class: the batch timetable', () => {
  it('refuses to generate classes before the batch start date, and tells which timetables lack a session added to the plan', async () => {
    expect((await asAdmin('PUT', '/api/v1/batches/31', { start_date: '2027-02-01' })).statusCode).toBe(200);
    const early = await asAdmin('POST', '/api/v1/batches/31/sessions/generate', {
      first_date: '2027-01-25',
      start_time: '19:00',
      duration_minutes: 60,
      weekdays: ['mon'],
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0]).toBe(scheduleMessages.beforeStart(31, '2027-02-01', DEFAULT_TIME_ZONE));
    expect(early.json().errors[0]).toContain('Batch 31 starts on 1 Feb 2027');
    // A class placed by hand may come before (an introduction): the teacher chose its date.
    const intro = await addSession(31, {
      session_number: 1,
      date: '2027-01-31',
      start_time: '19:00',
      duration_minutes: 60,
    });
    expect(intro.statusCode).toBe(201);
    const made = await asAdmin('POST', '/api/v1/batches/31/sessions/generate', {
      start_time: '19:00',
      duration_minutes: 60,
      weekdays: ['mon', 'wed'],
    });
    expect(made.statusCode).toBe(201);
    const generated = (made.json() as { session_number: number; starts_at: string }[]).filter(
      (s) => s.session_number !== 1,
    );
    expect(generated.every((s) => s.starts_at >= '2027-02-01')).toBe(true);
    const batchInfo = async () =>
      (
        (await asAdmin('GET', '/api/v1/batches')).json() as {
          batch_number: number;
          classes: number;
          plan_missing: number[];
        }[]
      ).find((b) => b.batch_number === 31);
    expect(await batchInfo()).toMatchObject({ classes: made.json().length, plan_missing: [] });
    // A session added to the plan afterwards: the batch list says which timetables lack it.
    const added = await asAdmin('POST', '/courses/', {
      session_number: 931,
      session_date: '2027-06-01',
      topics: 'Bit fields',
    });
    expect(added.statusCode).toBe(201);
    expect((await batchInfo())!.plan_missing).toEqual([931]);
    await asAdmin('DELETE', `/courses/${added.json().id}`);
  });
});

describe('joining a class and attendance', () => {
  // 19:00 IST on 10 Dec 2026, for an hour.
  const start = Date.parse('2026-12-10T13:30:00.000Z');
  const at = (minutes: number) => new Date(start + minutes * 60_000);
  let session: { id: number };
  let early: Awaited<ReturnType<typeof studentIn>>;
  let late: Awaited<ReturnType<typeof studentIn>>;
  let missing: Awaited<ReturnType<typeof studentIn>>;

  beforeAll(async () => {
    // The clock moves every "now" of the site, sessions' too: three weeks on, the teacher's first session has
    // ended (14 days unused), so the teacher signs in again the day before the class.
    clock = at(-60 * 24);
    adminToken = await adminLogin(ctx);
    await asAdmin('PUT', '/api/v1/batches/21', { meeting_link: 'https://meet.example.com/b21' });
    session = (
      await addSession(21, { session_number: 1, date: '2026-12-10', start_time: '19:00', duration_minutes: 60 })
    ).json();
    await addSession(21, { session_number: 2, date: '2026-12-12', start_time: '19:00', duration_minutes: 60 });
    early = await studentIn(21);
    late = await studentIn(21);
    missing = await studentIn(21);
  });

  const join = (token: string, id = session.id) => as(token, 'POST', `/api/v1/my_sessions/${id}/join`);
  const myStatus = async (token: string) => {
    const schedule = (await as(token, 'GET', '/api/v1/my_schedule')).json();
    return schedule.sessions.find((s: { id: number }) => s.id === session.id);
  };

  it('opens the join window 10 minutes before the start until the end, and records the first click only', async () => {
    clock = at(-11);
    const tooEarly = await join(early.token);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().errors[0]).toContain('Join opens 10 minutes before the class starts');
    expect((await myStatus(early.token)).status).toBe('upcoming');

    clock = at(-10);
    const joined = await join(early.token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ meeting_link: 'https://meet.example.com/b21', joined_at: at(-10).toISOString() });
    clock = at(5);
    const again = await join(early.token);
    expect(again.json().joined_at).toBe(at(-10).toISOString());
    expect(await myStatus(early.token)).toMatchObject({ status: 'present', joined_at: at(-10).toISOString() });
    expect((await myStatus(missing.token)).status).toBe('in progress');

    clock = at(10);
    expect((await join(late.token)).statusCode).toBe(200);
    clock = at(11);
    expect((await myStatus(late.token)).status).toBe('present');
    clock = at(59);
    const lateStudent = await studentIn(21);
    expect((await join(lateStudent.token)).statusCode).toBe(200);
    expect((await myStatus(lateStudent.token)).status).toBe('late');

    clock = at(60);
    const ended = await join(missing.token);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().errors).toEqual([scheduleMessages.classEnded]);
    expect((await myStatus(missing.token)).status).toBe('absent');
    const schedule = (await as(missing.token, 'GET', '/api/v1/my_schedule')).json();
    expect(schedule).toMatchObject({ now: at(60).toISOString(), batch_number: 21 });
    // The link the page shows is the student's own join address, which records the attendance.
    expect(schedule.meeting_link).toMatch(/^\/join\/[A-Za-z0-9_-]{43}$/);
    expect(schedule.sessions).toHaveLength(2);
    expect(schedule.sessions[0]).toMatchObject({ session_number: 1, ends_at: at(60).toISOString() });
  });

  it('records attendance from every link the site hands out: the page, the mail and the calendar', async () => {
    const follow = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
      expect(response.statusCode).toBe(302);
      return response.headers.location;
    };
    const viaPage = await studentIn(21);
    const viaMail = await studentIn(21);
    const viaCalendar = await studentIn(21);
    const page = (await as(viaPage.token, 'GET', '/api/v1/my_schedule')).json().meeting_link as string;
    expect((await as(viaPage.token, 'GET', '/api/v1/my_batch')).json().meeting_link).toBe(page);

    // Outside the class window the address opens the meeting and records nothing.
    clock = at(-30);
    expect(await follow(page)).toBe('https://meet.example.com/b21');
    expect((await myStatus(viaPage.token)).joined_at).toBeNull();

    clock = at(-10);
    expect((await asAdmin('POST', '/api/v1/batches/21/send_link')).statusCode).toBe(200);
    const mail = await lastMailTo(ctx, viaMail.email);
    const mailed = /https?:\/\/\S+\/join\/[A-Za-z0-9_-]{43}/.exec(mail.text_body)?.[0];
    expect(mailed, mail.text_body).toBeDefined();
    expect(mail.text_body).not.toContain('https://meet.example.com/b21');
    const feed = (await as(viaCalendar.token, 'GET', '/api/v1/calendar')).json().feed_url as string;
    const ics = (await ctx.app.inject({ method: 'GET', url: new URL(feed).pathname })).body;
    const unfolded = ics.replace(/\r\n /g, '');
    const fromCalendar = /URL[^:]*:(https?:\/\/\S+\/join\/[A-Za-z0-9_-]{43})/.exec(unfolded)?.[1];
    expect(unfolded).not.toContain('https://meet.example.com/b21');
    expect(fromCalendar, ics).toBeDefined();

    clock = at(2);
    expect(await follow(page)).toBe('https://meet.example.com/b21');
    expect(await follow(mailed!)).toBe('https://meet.example.com/b21');
    clock = at(20);
    expect(await follow(fromCalendar!)).toBe('https://meet.example.com/b21');
    expect(await myStatus(viaPage.token)).toMatchObject({ status: 'present', joined_at: at(2).toISOString() });
    expect(await myStatus(viaMail.token)).toMatchObject({ status: 'present', joined_at: at(2).toISOString() });
    expect(await myStatus(viaCalendar.token)).toMatchObject({ status: 'late', joined_at: at(20).toISOString() });

    // An address that is no student's opens My Classes, and records nothing.
    expect(await follow(`/join/${'x'.repeat(43)}`)).toBe('/DashPage/myclasses');
  });

  it('refuses an unpaid student, a student of another batch, the admin and an unknown session', async () => {
    clock = at(0);
    const unpaid = await studentIn(21, false);
    expect((await join(unpaid.token)).statusCode).toBe(403);
    expect((await as(unpaid.token, 'GET', '/api/v1/my_schedule')).statusCode).toBe(403);
    const other = await studentIn(22);
    const response = await join(other.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().errors).toEqual([scheduleMessages.notYourBatch]);
    const noBatch = await studentIn(null);
    expect((await join(noBatch.token)).statusCode).toBe(403);
    expect((await as(noBatch.token, 'GET', '/api/v1/my_schedule')).json()).toMatchObject({
      batch_number: null,
      sessions: [],
    });
    expect((await asAdmin('POST', `/api/v1/my_sessions/${session.id}/join`)).statusCode).toBe(403);
    expect((await join(early.token, 99_999_999)).statusCode).toBe(404);
    expect((await join(early.token, 2_147_483_648)).statusCode).toBe(400);
    const rows = await ctx.database.db
      .selectFrom('attendance')
      .select('student_id')
      .where('student_id', 'in', [unpaid.id, other.id, noBatch.id])
      .execute();
    expect(rows).toEqual([]);
  });

  it('gives the teacher a sheet of every student of the batch, with corrections and a CSV', async () => {
    clock = at(120);
    const sheet = await asAdmin('GET', `/api/v1/batch_sessions/${session.id}/attendance`);
    expect(sheet.statusCode).toBe(200);
    const byId = (id: number) => sheet.json().rows.find((r: { student_id: number }) => r.student_id === id);
    expect(sheet.json().session).toMatchObject({ id: session.id, batch_number: 21, session_number: 1 });
    expect(byId(early.id)).toMatchObject({
      email: early.email,
      status: 'present',
      mark: null,
      joined_at: at(-10).toISOString(),
    });
    expect(byId(late.id)).toMatchObject({ status: 'present', joined_at: at(10).toISOString() });
    expect(byId(missing.id)).toMatchObject({ status: 'absent', joined_at: null, mark: null });
    // Every student of the batch, the unpaid one included.
    expect(sheet.json().rows.length).toBeGreaterThanOrEqual(5);

    const mark = (studentId: number, value: string | null) =>
      asAdmin('PUT', `/api/v1/batch_sessions/${session.id}/attendance/${studentId}`, { mark: value });
    const corrected = await mark(missing.id, 'late');
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ student_id: missing.id, status: 'late', mark: 'late' });
    expect((await mark(early.id, 'absent')).json()).toMatchObject({ status: 'absent', mark: 'absent' });
    expect((await myStatus(early.token)).status).toBe('absent');
    expect((await mark(early.id, null)).json()).toMatchObject({ status: 'present', mark: null });
    expect((await mark(early.id, 'excused')).statusCode).toBe(400);
    const outsider = await studentIn(22);
    expect((await mark(outsider.id, 'present')).statusCode).toBe(404);
    expect((await mark(2_147_483_648, 'present')).statusCode).toBe(400);

    const csv = await asAdmin('GET', `/api/v1/batch_sessions/${session.id}/attendance?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attendance-batch-21-session-1.csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Student Id,First Name,Last Name,Email,Joined At,Status,Corrected');
    expect(lines).toContain(
      `${early.id},Dennis,Ritchie,${early.email},"${formatDateTime(at(-10), DEFAULT_TIME_ZONE)}",Present,No`,
    );
    expect(lines).toContain(`${missing.id},Dennis,Ritchie,${missing.email},,Late,Yes`);
  });

  it('shows attended of held sessions in the admin student lists', async () => {
    clock = at(120); // session 1 has ended, session 2 not yet
    const listed = async (student: { email: string }, path = '/students/get_regd_students') => {
      const response = await asAdmin('GET', `${path}?q=${encodeURIComponent(student.email)}`);
      expect(response.statusCode).toBe(200);
      return response.json()[0];
    };
    const row = await listed(late);
    expect(row.attendance).toEqual({ attended: 1, held: 1 });
    // The original client's fields are all still there.
    expect(row).toMatchObject({ email: late.email, student_batch: 21, student_status: 1, first_name: 'Dennis' });
    expect((await listed(missing, '/students/get_new_students')).attendance).toEqual({ attended: 1, held: 1 });
    expect((await listed(early, '/students')).attendance).toEqual({ attended: 1, held: 1 });
    await asAdmin('PUT', `/api/v1/batch_sessions/${session.id}/attendance/${early.id}`, { mark: 'absent' });
    expect((await listed(early)).attendance).toEqual({ attended: 0, held: 1 });
    clock = at(60 * 24 * 2 + 60); // session 2 (12 Dec) has ended too
    expect((await listed(late)).attendance).toEqual({ attended: 1, held: 2 });
    // A class added or deleted changes the column at once, though no student changed.
    const third = await addSession(21, {
      session_number: 3,
      date: '2026-12-11',
      start_time: '19:00',
      duration_minutes: 60,
    });
    expect(third.statusCode).toBe(201);
    expect((await listed(late)).attendance).toEqual({ attended: 1, held: 3 });
    expect((await asAdmin('DELETE', `/api/v1/batch_sessions/${third.json().id}`)).statusCode).toBe(204);
    expect((await listed(late)).attendance).toEqual({ attended: 1, held: 2 });
    expect((await listed(await verifiedStudent(ctx))).attendance).toBeNull();
  });

  it('keeps students out of the admin routes and anonymous callers out of all', async () => {
    const routes: [Method, string][] = [
      ['GET', '/api/v1/batches/21/sessions'],
      ['POST', '/api/v1/batches/21/sessions'],
      ['POST', '/api/v1/batches/21/sessions/generate'],
      ['PUT', `/api/v1/batch_sessions/${session.id}`],
      ['DELETE', `/api/v1/batch_sessions/${session.id}`],
      ['GET', `/api/v1/batch_sessions/${session.id}/attendance`],
      ['PUT', `/api/v1/batch_sessions/${session.id}/attendance/${early.id}`],
    ];
    for (const [method, url] of routes) {
      expect((await as(early.token, method, url)).statusCode, `${method} ${url}`).toBe(403);
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/my_schedule' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/my_sessions/${session.id}/join` })).statusCode).toBe(
      401,
    );
    expect((await asAdmin('GET', '/api/v1/batches/21/sessions')).json()).toHaveLength(2);
  });
});

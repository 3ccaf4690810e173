import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import {
  addBatchSession,
  moveBatchSession,
  placeStudent,
  putBatch,
  putCourseSession,
} from '../../../test/schedule-rows.js';
import type { TestContext } from '../../../test/test-app.js';
import { DEFAULT_TIME_ZONE } from '../../contracts/dates.js';
import { writeSettings } from '../settings/settings.repository.js';
import { SETTING_KEYS } from '../settings/site-settings.js';

let ctx: TestContext;
let adminToken: string;
let student: { token: string; id: number };
const sessions: Record<string, number> = {};
const LINK = 'https://meet.example.com/batch-41';

/** 19:00 in India is 13:30 UTC. */
const IST_7PM = '2027-01-04T13:30:00.000Z';

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
  const db = ctx.database.db;
  student = await verifiedStudent(ctx);
  await placeStudent(db, student.id, { status: 1, batch: 41 });
  await putBatch(db, 41, LINK);
  await putBatch(db, 42, 'https://meet.example.com/batch-42');
  await putCourseSession(db, 3, 'Pointers');
  await putCourseSession(db, 4, 'Arrays and strings');
  sessions.first = await addBatchSession(db, { batch: 41, session: 3, startsAt: IST_7PM });
  sessions.second = await addBatchSession(db, { batch: 41, session: 4, startsAt: '2027-01-06T13:30:00.000Z' });
  sessions.other = await addBatchSession(db, { batch: 42, session: 3, startsAt: '2027-01-05T04:30:00.000Z' });
}, 60_000);
afterAll(() => ctx.close());

const links = async (token: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/calendar', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { feed_url: string; webcal_url: string };
};
const pathOf = (url: string) => new URL(url).pathname;
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

/** The feed as ical.js reads it, with the course's zone registered so times convert. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  return { calendar, events };
}

describe('a student’s calendar feed', () => {
  it('has a private address, the same on every call, as https and webcal', async () => {
    const first = await links(student.token);
    expect(first.feed_url).toMatch(/^http:\/\/course\.test\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
    expect(first.webcal_url).toBe(first.feed_url.replace('http://', 'webcal://'));
    expect((await links(student.token)).feed_url).toBe(first.feed_url);
  });

  it('lists the classes of the student’s batch, at their wall-clock time in the course zone', async () => {
    const response = await get(pathOf((await links(student.token)).feed_url));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.headers.etag).toBeTruthy();
    const { calendar, events } = parse(response.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toContain('C Programming Language');
    expect(response.body).toMatch(/REFRESH-INTERVAL;VALUE=DURATION:PT1H/);
    expect(response.body).toMatch(/X-PUBLISHED-TTL:PT1H/);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Asia/Kolkata');
    expect(events).toHaveLength(2);
    const [first, second] = events;
    expect(first!.summary).toBe('C Programming Language — Session 3: Pointers');
    expect(second!.summary).toBe('C Programming Language — Session 4: Arrays and strings');
    expect(first!.startDate.zone.tzid).toBe('Asia/Kolkata');
    expect(first!.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Kolkata');
    expect([first!.startDate.hour, first!.startDate.minute, first!.startDate.day]).toEqual([19, 0, 4]);
    expect(first!.startDate.toJSDate().toISOString()).toBe(IST_7PM);
    expect(first!.endDate.toJSDate().toISOString()).toBe('2027-01-04T15:00:00.000Z');
    expect(first!.uid).toBe(`batch-session-${sessions.first}@course.test`);
    expect(first!.sequence).toBe(0);
    // The student's own join address (it records the attendance), never the meeting's.
    const join = /^http:\/\/course\.test\/join\/[\w-]{43}$/;
    expect(first!.location).toMatch(join);
    expect(first!.component.getFirstPropertyValue('url')).toBe(first!.location);
    expect(first!.description).toContain('Pointers');
    expect(first!.description).toContain(`Join the class: ${first!.location}`);
    expect(response.body).not.toContain(LINK);
    // Stamps are UTC instants (with Z), whatever the course's zone is.
    expect(response.body).toContain('LAST-MODIFIED:20261120T100000Z');
    expect(response.body).toContain('DTSTAMP:20261120T100000Z');
    expect(first!.component.getFirstPropertyValue('last-modified')?.toString()).toBe('2026-11-20T10:00:00Z');
  });

  it('follows the teacher’s change: same UID, a higher SEQUENCE, the new time', async () => {
    const path = pathOf((await links(student.token)).feed_url);
    const before = await get(path);
    // 20:30 in India on 5 Jan.
    await moveBatchSession(ctx.database.db, sessions.first!, '2027-01-05T15:00:00.000Z');
    const after = await get(path);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const moved = parse(after.body).events.find((e) => e.uid === `batch-session-${sessions.first}@course.test`)!;
    expect(moved.sequence).toBe(1);
    expect([moved.startDate.day, moved.startDate.hour, moved.startDate.minute]).toEqual([5, 20, 30]);
    expect(moved.startDate.toJSDate().toISOString()).toBe('2027-01-05T15:00:00.000Z');
    expect(moved.component.getFirstPropertyValue('last-modified')?.toString()).not.toContain('2026-11-20');
    // A calendar app that already has this version is told so.
    expect((await get(path, { 'if-none-match': String(after.headers.etag) })).statusCode).toBe(304);
    expect((await get(path, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
  });

  it('carries no control character from topics, whatever was stored; new topics with one are refused', async () => {
    const db = ctx.database.db;
    // Stored before the form refused them (or by a script): a bell, an escape and a form feed among line breaks.
    await db
      .updateTable('course_sessions')
      .set({ topics: 'Arrays\u0007 and\u001b[31m strings\nPointers\u000c too' })
      .where('session_number', '=', 4)
      .execute();
    try {
      const response = await get(pathOf((await links(student.token)).feed_url));
      // eslint-disable-next-line no-control-regex
      expect(response.body.replaceAll('\r\n', '')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
      const second = parse(response.body).events[1]!;
      expect(second.summary).toBe('C Programming Language — Session 4: Arrays  and [31m strings Pointers  too');
      expect(second.description).toContain('Topics: Arrays  and [31m strings\nPointers  too');
    } finally {
      await db
        .updateTable('course_sessions')
        .set({ topics: 'Arrays and strings' })
        .where('session_number', '=', 4)
        .execute();
    }
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/courses',
      headers: bearer(adminToken),
      payload: { session_number: 77, session_date: '2027-01-10', topics: 'Loops\u0007 and more', lesson_video: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['Topics cannot contain control characters']);
    const lines = await ctx.app.inject({
      method: 'POST',
      url: '/courses',
      headers: bearer(adminToken),
      payload: { session_number: 78, session_date: '2027-01-10', topics: 'Loops\nand more', lesson_video: '' },
    });
    expect(lines.statusCode, lines.body).toBe(201);
  });

  it('answers without the .ics suffix too', async () => {
    const path = pathOf((await links(student.token)).feed_url).replace(/\.ics$/, '');
    const response = await get(path);
    expect(response.statusCode).toBe(200);
    expect(parse(response.body).events).toHaveLength(2);
  });

  it('gives one class as a download, only a class of that feed', async () => {
    const base = pathOf((await links(student.token)).feed_url).replace(/\.ics$/, '');
    for (const suffix of ['.ics', '']) {
      const one = await get(`${base}/sessions/${sessions.second}${suffix}`);
      expect(one.statusCode).toBe(200);
      expect(one.headers['content-disposition']).toMatch(/^attachment; filename="class-\d+\.ics"$/);
      const { events } = parse(one.body);
      expect(events.map((e) => e.uid)).toEqual([`batch-session-${sessions.second}@course.test`]);
    }
    const other = await get(`${base}/sessions/${sessions.other}.ics`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('VCALENDAR');
    expect((await get(`${base}/sessions/2147483647.ics`)).statusCode).toBe(404);
    for (const bad of ['2147483648', '99999999999999', '0', 'abc', '12.ics.ics'])
      expect((await get(`${base}/sessions/${bad}`)).statusCode, bad).toBe(400);
  });

  it('shows only the batch the student is in now, and nothing once they have left', async () => {
    const db = ctx.database.db;
    const path = pathOf((await links(student.token)).feed_url);
    await placeStudent(db, student.id, { batch: 42 });
    expect(parse((await get(path)).body).events.map((e) => e.uid)).toEqual([
      `batch-session-${sessions.other}@course.test`,
    ]);
    await placeStudent(db, student.id, { batch: null });
    const empty = await get(path);
    expect(empty.statusCode).toBe(200);
    expect(parse(empty.body).events).toHaveLength(0);
    await placeStudent(db, student.id, { status: 0, batch: 41 });
    expect(parse((await get(path)).body).events).toHaveLength(0);
    await placeStudent(db, student.id, { status: 1, batch: 41 });
  });

  it('stops answering the old address once the link is reset', async () => {
    const old = await links(student.token);
    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/calendar/revoke',
      headers: bearer(student.token),
    });
    expect(revoke.statusCode).toBe(200);
    const fresh = revoke.json() as { feed_url: string };
    expect(fresh.feed_url).not.toBe(old.feed_url);
    expect((await links(student.token)).feed_url).toBe(fresh.feed_url);
    const gone = await get(pathOf(old.feed_url));
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('VCALENDAR');
    expect(gone.json()).toEqual({ errors: [expect.any(String)], code: 'notFound' });
    const oldBase = pathOf(old.feed_url).replace(/\.ics$/, '');
    expect((await get(`${oldBase}/sessions/${sessions.second}.ics`)).statusCode).toBe(404);
    expect((await get(pathOf(fresh.feed_url))).statusCode).toBe(200);
  });

  it('answers 404 to a wrong token, whatever its shape', async () => {
    for (const token of ['x', 'A'.repeat(43), 'A'.repeat(43) + '.ics', '..%2F..%2Fetc', 'a'.repeat(90)]) {
      const response = await get(`/calendar/${token}`);
      expect(response.statusCode, token).toBe(404);
      expect(response.body).not.toContain('VCALENDAR');
    }
  });

  it('has no feed for an unpaid student, nor for a paid one without a batch', async () => {
    const other = await verifiedStudent(ctx);
    const unpaid = await ctx.app.inject({ method: 'GET', url: '/api/v1/calendar', headers: bearer(other.token) });
    expect(unpaid.statusCode).toBe(403);
    expect(unpaid.json().errors[0]).toMatch(/paying the fee/);
    await placeStudent(ctx.database.db, other.id, { status: 1 });
    const noBatch = await ctx.app.inject({ method: 'GET', url: '/api/v1/calendar', headers: bearer(other.token) });
    expect(noBatch.statusCode).toBe(409);
    expect(noBatch.json().errors[0]).toMatch(/in a batch/);
  });
});

describe('the teacher’s calendar feed', () => {
  it('has the classes of every batch, each named with its batch', async () => {
    const { feed_url } = await links(adminToken);
    const response = await get(pathOf(feed_url));
    expect(response.statusCode).toBe(200);
    const { events } = parse(response.body);
    expect(events.map((e) => e.uid).sort()).toEqual(
      [sessions.first, sessions.second, sessions.other].map((id) => `batch-session-${id}@course.test`).sort(),
    );
    expect(events.find((e) => e.uid === `batch-session-${sessions.other}@course.test`)!.summary).toBe(
      'Batch 42 · C Programming Language — Session 3: Pointers',
    );
    const base = pathOf(feed_url).replace(/\.ics$/, '');
    expect((await get(`${base}/sessions/${sessions.other}.ics`)).statusCode).toBe(200);
  });

  it('writes the course’s zone with its summer time when the teacher picks one that has it', async () => {
    const db = ctx.database.db;
    const summer = await addBatchSession(db, { batch: 42, session: 4, startsAt: '2027-07-05T13:30:00.000Z' });
    // The teacher's setting, as a save stores it (the settings' version moves, so the site reads it again).
    const setZone = (zone: string) => writeSettings(db, new Map([[SETTING_KEYS.timeZone, zone]]));
    await setZone('Europe/London');
    try {
      const response = await get(pathOf((await links(adminToken)).feed_url));
      const { calendar, events } = parse(response.body);
      expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual([
        'Europe/London',
      ]);
      const july = events.find((e) => e.uid === `batch-session-${summer}@course.test`)!;
      expect(july.startDate.zone.tzid).toBe('Europe/London');
      expect([july.startDate.hour, july.startDate.minute]).toEqual([14, 30]);
      expect(july.startDate.toJSDate().toISOString()).toBe('2027-07-05T13:30:00.000Z');
    } finally {
      await setZone(DEFAULT_TIME_ZONE);
      await db.deleteFrom('batch_sessions').where('id', '=', summer).execute();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, verifiedStudent } from '../../../test/accounts-helpers.js';
import {
  addBatchSession,
  moveBatchSession,
  placeStudent,
  putBatch,
  putCourseSession,
} from '../../../test/schedule-rows.js';
import { multipart } from '../../../test/multipart.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { createSmtpTransport, MailWorker } from '../mail/mail-worker.js';
import { cancelPendingReminders } from './reminders.repository.js';

let ctx: TestContext;
let woken = 0;
const HOUR = 60 * 60_000;
const LINK = 'https://meet.example.com/c-class';

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, {
    ipRateLimits: { login: 1000, signup: 1000, email: 1000 },
    accountWriteLimits: { perMinute: 1_000_000 },
    onMailQueued: () => {
      woken += 1;
    },
  });
  await putCourseSession(ctx.database.db, 3, 'Pointers');
}, 60_000);
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const at = (iso: string, offsetMs = 0) => new Date(Date.parse(iso) + offsetMs);

/** A batch with a meeting link and `count` paid students in it, reminders on. */
async function batchWithStudents(batch: number, count = 1) {
  await putBatch(db(), batch, LINK);
  const students = [];
  for (let i = 0; i < count; i += 1) {
    const student = await verifiedStudent(ctx);
    await placeStudent(db(), student.id, { status: 1, batch });
    students.push(student);
  }
  return students;
}

/** Reminder mail queued for an address (pending or sent), oldest first. */
async function remindersTo(email: string) {
  const rows = await db()
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('list_unsubscribe', 'is not', null)
    .orderBy('id')
    .execute();
  return rows;
}

describe('class reminders', () => {
  it('queues the day and the hour reminder once each, to the batch’s paid students only', async () => {
    // 7:00 pm in India on 1 Feb 2027.
    const start = '2027-02-01T13:30:00.000Z';
    const [paid] = await batchWithStudents(51);
    const unpaid = await verifiedStudent(ctx);
    await placeStudent(db(), unpaid.id, { status: 0, batch: 51 });
    const optedOut = await verifiedStudent(ctx);
    await placeStudent(db(), optedOut.id, { status: 1, batch: 51, reminders: 0 });
    const [elsewhere] = await batchWithStudents(52);
    const id = await addBatchSession(db(), { batch: 51, session: 3, startsAt: start });

    expect(await ctx.app.reminders.runOnce(at(start, -25 * HOUR))).toEqual({ queued: 0, withdrawn: 0 });
    woken = 0;
    expect((await ctx.app.reminders.runOnce(at(start, -23 * HOUR))).queued).toBe(1);
    expect(woken).toBe(1);
    expect((await ctx.app.reminders.runOnce(at(start, -23 * HOUR))).queued).toBe(0);
    expect((await ctx.app.reminders.runOnce(at(start, -2 * HOUR))).queued).toBe(0);
    const [day] = await remindersTo(paid!.email);
    expect(day!.subject).toBe('Reminder: C class tomorrow at 7:00 pm IST — Session 3');
    expect(day!.text_body).toContain('1 Feb 2027, 7:00 pm IST');
    expect(day!.text_body).toContain('Topics: Pointers');
    // The student's own join address (it records the attendance), never the meeting's.
    expect(day!.html_body).toMatch(/href="http:\/\/course\.test\/join\/[\w-]{43}"/);
    expect(day!.html_body).not.toContain(LINK);
    expect(day!.list_unsubscribe).toMatch(/^http:\/\/course\.test\/api\/v1\/reminders\/stop\?token=[\w-]{40,}$/);
    const token = new URL(day!.list_unsubscribe!).searchParams.get('token');
    expect(day!.text_body).toContain(`http://course.test/StopReminders?token=${token}`);
    expect(day!.html_body).toContain(`http://course.test/StopReminders?token=${token}`);

    expect((await ctx.app.reminders.runOnce(at(start, -HOUR))).queued).toBe(1);
    expect((await ctx.app.reminders.runOnce(at(start, -10 * 60_000))).queued).toBe(0);
    const mails = await remindersTo(paid!.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Reminder: C class tomorrow at 7:00 pm IST — Session 3',
      'Starting in 1 hour: C class at 7:00 pm IST — Session 3',
    ]);
    const rows = await db().selectFrom('session_reminders').selectAll().where('batch_session_id', '=', id).execute();
    expect(rows.map((r) => [r.student_id, r.kind, r.outbox_id])).toEqual([
      [paid!.id, 'day', mails[0]!.id],
      [paid!.id, 'hour', mails[1]!.id],
    ]);
    for (const other of [unpaid, optedOut, elsewhere!]) expect(await remindersTo(other.email)).toEqual([]);
    // Once the class has started nothing more is queued, and reminders still unsent (SMTP down) are withdrawn.
    expect(await ctx.app.reminders.runOnce(at(start, 60_000))).toEqual({ queued: 0, withdrawn: 2 });
  });

  it('sends a class planned at short notice one day-style reminder, then the hour one', async () => {
    const start = '2027-02-05T13:30:00.000Z';
    const [student] = await batchWithStudents(53);
    await addBatchSession(db(), { batch: 53, session: 3, startsAt: start });
    expect((await ctx.app.reminders.runOnce(at(start, -5 * HOUR))).queued).toBe(1);
    expect((await ctx.app.reminders.runOnce(at(start, -50 * 60_000))).queued).toBe(1);
    expect((await remindersTo(student!.email)).map((m) => m.subject)).toEqual([
      'Reminder: C class today at 7:00 pm IST — Session 3',
      'Starting in 50 minutes: C class at 7:00 pm IST — Session 3',
    ]);
  });

  it('queues each reminder exactly once across a restart and across two processes at once', async () => {
    const start = '2027-02-09T13:30:00.000Z';
    const students = await batchWithStudents(54, 4);
    await addBatchSession(db(), { batch: 54, session: 3, startsAt: start });
    const now = at(start, -20 * HOUR);
    // A second site process on the same database: its own connection pool on PostgreSQL.
    const second = ctx.database.dialect === 'postgres' ? openDatabase(ctx.database.url) : undefined;
    const third = ctx.database.dialect === 'postgres' ? openDatabase(ctx.database.url) : undefined;
    const apps: FastifyInstance[] = [];
    try {
      for (const handle of [second, third]) {
        apps.push(
          await buildApp({
            config: ctx.config,
            db: handle?.db ?? ctx.database.db,
            dialect: ctx.database.dialect,
          }),
        );
      }
      const runs = await Promise.all([
        ctx.app.reminders.runOnce(now),
        apps[0]!.reminders.runOnce(now),
        apps[1]!.reminders.runOnce(now),
      ]);
      expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(4);
      // After a restart: a new app finds them already queued.
      const restarted = await buildApp({ config: ctx.config, db: ctx.database.db, dialect: ctx.database.dialect });
      apps.push(restarted);
      expect((await restarted.reminders.runOnce(at(start, -19 * HOUR))).queued).toBe(0);
      const hour = at(start, -30 * 60_000);
      const hourRuns = await Promise.all(apps.map((app) => app.reminders.runOnce(hour)));
      expect(hourRuns.reduce((sum, run) => sum + run.queued, 0)).toBe(4);
    } finally {
      for (const app of apps) await app.close();
      await second?.destroy();
      await third?.destroy();
    }
    for (const student of students) expect(await remindersTo(student.email)).toHaveLength(2);
  });

  it('withdraws the reminder of a moved class and reminds at the new time', async () => {
    const start = '2027-02-13T13:30:00.000Z';
    const [student] = await batchWithStudents(55);
    const id = await addBatchSession(db(), { batch: 55, session: 3, startsAt: start });
    const now = at(start, -20 * HOUR);
    await ctx.app.reminders.runOnce(now);
    const [old] = await remindersTo(student!.email);
    // The schedule moves it by an hour, withdrawing the pending mail in its transaction.
    const later = at(start, HOUR);
    await db()
      .transaction()
      .execute(async (trx) => {
        await cancelPendingReminders(trx, id);
        await trx
          .updateTable('batch_sessions')
          .set({ starts_at: later.toISOString(), sequence: 1 })
          .where('id', '=', id)
          .execute();
      });
    expect(await db().selectFrom('outbox').select('id').where('id', '=', old!.id).execute()).toEqual([]);
    expect((await ctx.app.reminders.runOnce(now)).queued).toBe(1);
    const [moved] = await remindersTo(student!.email);
    expect(moved!.subject).toBe('Reminder: C class tomorrow at 8:00 pm IST — Session 3');
    // Moved again without withdrawing (say, by hand in the database): the next pass withdraws it itself.
    await moveBatchSession(db(), id, at(start, 2 * HOUR));
    const run = await ctx.app.reminders.runOnce(now);
    expect(run).toEqual({ queued: 1, withdrawn: 1 });
    expect((await remindersTo(student!.email)).map((m) => m.subject)).toEqual([
      'Reminder: C class tomorrow at 9:00 pm IST — Session 3',
    ]);
  });

  it('sends nothing for a deleted class', async () => {
    const start = '2027-02-17T13:30:00.000Z';
    const [student] = await batchWithStudents(56);
    const first = await addBatchSession(db(), { batch: 56, session: 3, startsAt: start });
    const second = await addBatchSession(db(), { batch: 56, session: 4, startsAt: at(start, 2 * HOUR) });
    const now = at(start, -20 * HOUR);
    expect((await ctx.app.reminders.runOnce(now)).queued).toBe(2);
    await db()
      .transaction()
      .execute(async (trx) => {
        await cancelPendingReminders(trx, first);
        await trx.deleteFrom('batch_sessions').where('id', '=', first).execute();
      });
    // Deleted without withdrawing its mail: the next pass finds reminder mail of no reminder and withdraws it.
    await db().deleteFrom('batch_sessions').where('id', '=', second).execute();
    expect(await ctx.app.reminders.runOnce(now)).toEqual({ queued: 0, withdrawn: 1 });
    expect(await ctx.app.reminders.runOnce(at(start, -30 * 60_000))).toEqual({ queued: 0, withdrawn: 0 });
    expect(await remindersTo(student!.email)).toEqual([]);
  });

  it('withdraws pending reminders of students who left, stopped being paid or turned reminders off', async () => {
    const start = '2027-02-21T13:30:00.000Z';
    const [left, unpaid, off, stays] = await batchWithStudents(57, 4);
    await addBatchSession(db(), { batch: 57, session: 3, startsAt: start });
    const now = at(start, -20 * HOUR);
    expect((await ctx.app.reminders.runOnce(now)).queued).toBe(4);
    await placeStudent(db(), left!.id, { batch: 58 });
    await placeStudent(db(), unpaid!.id, { status: 0 });
    await placeStudent(db(), off!.id, { reminders: 0 });
    expect(await ctx.app.reminders.runOnce(now)).toEqual({ queued: 0, withdrawn: 3 });
    expect((await ctx.app.reminders.runOnce(at(start, -HOUR / 2))).queued).toBe(1);
    for (const student of [left, unpaid, off]) expect(await remindersTo(student!.email)).toEqual([]);
    expect(await remindersTo(stays!.email)).toHaveLength(2);
  });
});

describe('stopping reminders', () => {
  it('takes the one-click post however the mail client sends it: form, multipart or no body', async () => {
    const start = '2027-02-26T13:30:00.000Z';
    const students = await batchWithStudents(61, 3);
    await addBatchSession(db(), { batch: 61, session: 3, startsAt: start });
    await ctx.app.reminders.runOnce(at(start, -20 * HOUR));
    const bodies = [
      multipart({ 'List-Unsubscribe': 'One-Click' }),
      { headers: {}, payload: undefined },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' },
    ];
    for (const [index, student] of students.entries()) {
      const [mail] = await remindersTo(student.email);
      const oneClick = new URL(mail!.list_unsubscribe!);
      const { headers, payload } = bodies[index]!;
      const stop = await ctx.app.inject({
        method: 'POST',
        url: `${oneClick.pathname}${oneClick.search}`,
        headers,
        payload,
      });
      expect(stop.statusCode, stop.body).toBe(200);
      const setting = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/profile/reminders',
        headers: bearer(student.token),
      });
      expect(setting.json()).toEqual({ reminders: false });
    }
  });

  it('stops them with the mail’s one-click address, and Profile turns them back on', async () => {
    const start = '2027-02-25T13:30:00.000Z';
    const [student] = await batchWithStudents(59);
    await addBatchSession(db(), { batch: 59, session: 3, startsAt: start });
    await ctx.app.reminders.runOnce(at(start, -20 * HOUR));
    const [mail] = await remindersTo(student!.email);
    const oneClick = new URL(mail!.list_unsubscribe!);
    // What a mail client does (RFC 8058): POST the form to the address.
    const stop = await ctx.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toMatchObject({ reminders: false, message: expect.stringMatching(/reminders are off/) });
    expect(await remindersTo(student!.email)).toEqual([]);
    const setting = () =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/profile/reminders', headers: bearer(student!.token) });
    expect((await setting()).json()).toEqual({ reminders: false });
    expect((await ctx.app.reminders.runOnce(at(start, -HOUR / 2))).queued).toBe(0);

    const on = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/reminders',
      headers: bearer(student!.token),
      payload: { reminders: true },
    });
    expect(on.json()).toEqual({ reminders: true });
    expect((await setting()).json()).toEqual({ reminders: true });
    expect((await ctx.app.reminders.runOnce(at(start, -HOUR / 3))).queued).toBe(1);

    // The StopReminders page sends the token as JSON, and can turn them on again.
    const token = oneClick.searchParams.get('token')!;
    const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });
    expect((await post('/api/v1/reminders/stop', { token })).json().reminders).toBe(false);
    expect((await setting()).json()).toEqual({ reminders: false });
    expect((await post('/api/v1/reminders/start', { token })).json().reminders).toBe(true);
    expect((await setting()).json()).toEqual({ reminders: true });
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/reminders',
      headers: bearer(student!.token),
      payload: { reminders: false },
    });
    expect(off.json()).toEqual({ reminders: false });
  });

  it('answers 404 to a wrong or missing token, and 400 to a bad setting', async () => {
    for (const url of ['/api/v1/reminders/stop', '/api/v1/reminders/start']) {
      for (const payload of [{ token: 'A'.repeat(43) }, { token: 'short' }, {}]) {
        const response = await ctx.app.inject({ method: 'POST', url, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(404);
        expect(Object.keys(response.json()).sort()).toEqual(['code', 'errors']);
      }
      const form = await ctx.app.inject({
        method: 'POST',
        url: `${url}?token=${'B'.repeat(43)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(form.statusCode).toBe(404);
    }
    const student = await verifiedStudent(ctx);
    for (const payload of [{ reminders: 'yes' }, {}, { reminders: true, extra: 1 }]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/profile/reminders',
        headers: bearer(student.token),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('the stop and start links under a flood', () => {
  it('are limited per address and per account like every other write, and a repeat writes nothing', async () => {
    const limited = await createTestApp({}, undefined, {
      ipRateLimits: { login: 1000, signup: 1000, email: 1000, links: 5 },
      accountWriteLimits: { perMinute: 8 },
    });
    try {
      const student = await verifiedStudent(limited);
      const start = '2027-03-02T13:30:00.000Z';
      await putBatch(limited.database.db, 62, LINK);
      await placeStudent(limited.database.db, student.id, { status: 1, batch: 62 });
      await putCourseSession(limited.database.db, 3, 'Pointers');
      await addBatchSession(limited.database.db, { batch: 62, session: 3, startsAt: start });
      await limited.app.reminders.runOnce(at(start, -20 * HOUR));
      const [mail] = await limited.database.db
        .selectFrom('outbox')
        .select('list_unsubscribe')
        .where('to_address', '=', student.email)
        .where('list_unsubscribe', 'is not', null)
        .execute();
      const token = new URL(mail!.list_unsubscribe!).searchParams.get('token')!;
      const studentsVersion = async () =>
        Number(
          (
            await limited.database.db
              .selectFrom('content_versions')
              .select('version')
              .where('name', '=', 'students')
              .executeTakeFirstOrThrow()
          ).version,
        );
      const post = (url: string, from: string) =>
        limited.app.inject({ method: 'POST', url, payload: { token }, headers: { 'x-forwarded-for': from } });

      // One address: five in a minute, then 429; the first stop writes, the repeats change nothing.
      expect((await post('/api/v1/reminders/stop', '203.0.113.1')).statusCode).toBe(200);
      const afterStop = await studentsVersion();
      for (let i = 0; i < 4; i += 1) {
        const again = await post('/api/v1/reminders/stop', '203.0.113.1');
        expect(again.statusCode).toBe(200);
        expect(again.json()).toMatchObject({ reminders: false });
      }
      expect(await studentsVersion()).toBe(afterStop);
      const refused = await post('/api/v1/reminders/stop', '203.0.113.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errors).toBeDefined();

      // Many addresses, one link: its account's write limit (8 a minute, 5 used) stops them.
      const answers = [];
      for (let i = 2; i < 8; i += 1) answers.push((await post('/api/v1/reminders/start', `203.0.113.${i}`)).statusCode);
      expect(answers).toEqual([200, 200, 200, 429, 429, 429]);
      expect(
        (
          await limited.app.inject({
            method: 'GET',
            url: '/api/v1/profile/reminders',
            headers: bearer(student.token),
          })
        ).json(),
      ).toEqual({ reminders: true });
    } finally {
      await limited.close();
    }
  });
});

describe('the reminder mail over SMTP', () => {
  it('carries the List-Unsubscribe and List-Unsubscribe-Post headers', async () => {
    const smtp = await startSmtpCapture();
    try {
      const start = '2027-03-01T13:30:00.000Z';
      const [student] = await batchWithStudents(60);
      await addBatchSession(db(), { batch: 60, session: 3, startsAt: start });
      await ctx.app.reminders.runOnce(at(start, -20 * HOUR));
      const worker = new MailWorker({
        db: db(),
        log: ctx.app.log,
        from: ctx.config.mail.from,
        transport: createSmtpTransport(smtp.url),
      });
      while ((await worker.runOnce()) > 0);
      const delivered = smtp.messages.find((m) => m.to.includes(student!.email) && m.subject.includes('C class'));
      expect(delivered?.subject).toBe('Reminder: C class tomorrow at 7:00 pm IST — Session 3');
      const [row] = await remindersTo(student!.email);
      expect(delivered!.headers['list-unsubscribe']).toBe(`<${row!.list_unsubscribe}>`);
      expect(delivered!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      // Other mail has no such header.
      const other = smtp.messages.find((m) => !m.subject.includes('C class'));
      if (other) expect(other.headers['list-unsubscribe']).toBeUndefined();
    } finally {
      await smtp.close();
    }
  });
});

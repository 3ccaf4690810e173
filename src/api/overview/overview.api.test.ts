import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charts, Overview } from '../../contracts/overview.js';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { addBatchSession, putCourseSession } from '../../../test/schedule-rows.js';
import type { TestContext } from '../../../test/test-app.js';

/** Wednesday 2 Dec 2026, 3:30 pm in India: the course week began on Monday 30 Nov at 00:00 IST (29 Nov 18:30 UTC). */
const T = new Date('2026-12-02T10:00:00.000Z');
let now = T;
let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp({}, { clock: () => now }));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const at = (ms: number) => new Date(T.getTime() + ms).toISOString();
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

async function getOverview(): Promise<Overview> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/overview', headers: bearer(adminToken) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function getCharts(query = ''): Promise<Charts> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/charts${query}`, headers: bearer(adminToken) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

let seq = 0;
async function student(values: {
  name: string;
  activated?: 0 | 1;
  status?: number;
  batch?: number | null;
  created_at: string;
}): Promise<number> {
  seq += 1;
  const row = await db()
    .insertInto('students')
    .values({
      email: `${values.name.toLowerCase()}${seq}@example.com`,
      password_hash: 'x',
      first_name: values.name,
      last_name: 'Test',
      activated: values.activated ?? 1,
      student_status: values.status ?? 0,
      student_batch: values.batch ?? null,
      uniq_id: `overview-${seq}`,
      created_at: values.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function payment(studentId: number, status: 'created' | 'captured' | 'failed', amount: number, paidAt?: string) {
  seq += 1;
  await db()
    .insertInto('payments')
    .values({
      student_id: studentId,
      student_email: `p${seq}@example.com`,
      order_id: `order_${seq}`,
      amount,
      currency: 'INR',
      status,
      paid_at: paidAt ?? null,
      failure_reason: status === 'failed' ? 'Card declined' : null,
    })
    .execute();
}

async function sessionUsed(studentId: number, lastUsedAt: string) {
  seq += 1;
  await db()
    .insertInto('auth_sessions')
    .values({ student_id: studentId, token_hash: `hash-${seq}`, expires_at: at(30 * DAY), last_used_at: lastUsedAt })
    .execute();
}

async function studentProgram(studentId: number, programNumber: number, best: [number, number] | null) {
  const row = await db()
    .insertInto('student_programs')
    .values({
      student_id: studentId,
      program_number: programNumber,
      task: `Program ${programNumber}`,
      best_score: best?.[0] ?? null,
      best_total: best?.[1] ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function submission(studentProgramId: number, createdAt: string, score = 1, late = 0) {
  await db()
    .insertInto('submissions')
    .values({
      student_program_id: studentProgramId,
      code: 'int main(void){return 0;}',
      status: 'graded',
      score,
      total: 2,
      result: '{}',
      created_at: createdAt,
      late,
    })
    .execute();
}

describe('the teacher overview', () => {
  it('answers zeros and empty lists on a database with no students, payments or classes', async () => {
    const overview = await getOverview();
    expect(overview.counts).toEqual({ registered: 0, verified: 0, paid: 0, in_batch: 0, completed: 0 });
    expect(overview.fees).toEqual({ paise: 0, payments: 0 });
    expect(overview.attention).toEqual({
      since: null,
      doubts: { count: 0, items: [] },
      submissions: { count: 0, items: [] },
      payments: { count: 0, items: [] },
      no_batch: { count: 0, items: [] },
      not_seen: { count: 0, items: [] },
    });
    expect(overview.next_session).toBeNull();

    const charts = await getCharts();
    expect(charts.weeks).toHaveLength(12);
    expect(charts.weeks.every((w) => w.signups === 0 && w.payments === 0 && w.paid_paise === 0)).toBe(true);
    expect(charts.weeks.at(-1)?.week_start).toBe('2026-11-30');
    expect(charts.weeks[0]?.week_start).toBe('2026-09-14');
    expect(charts.scores).toEqual([]);
    expect(charts.attendance).toEqual({ batch: null, batches: [], sessions: [] });
    expect((await getCharts('?batch=3')).attendance).toEqual({ batch: 3, batches: [], sessions: [] });
  });

  let ids: Record<string, number>;
  it('counts students by status and the fees collected, as the rows say', async () => {
    ids = {
      // Monday 00:30 in India (Sunday in UTC): this course week.
      a: await student({ name: 'Asha', activated: 0, created_at: '2026-11-29T19:00:00.000Z' }),
      b: await student({ name: 'Bala', created_at: '2026-12-01T05:00:00.000Z' }),
      c: await student({ name: 'Chitra', status: 1, batch: 7, created_at: '2026-11-10T05:00:00.000Z' }),
      d: await student({ name: 'Dev', status: 1, batch: 7, created_at: '2026-11-30T00:00:00.000Z' }),
      e: await student({ name: 'Esha', status: 2, batch: 7, created_at: '2026-07-01T05:00:00.000Z' }),
      // Sunday 23:30 in India: the week before.
      g: await student({ name: 'Gopal', activated: 0, created_at: '2026-11-29T18:00:00.000Z' }),
    };
    await payment(ids.c!, 'captured', 300_000, '2026-11-10T06:00:00.000Z');
    await payment(ids.d!, 'captured', 250_000, '2026-12-01T06:00:00.000Z');
    await payment(ids.b!, 'failed', 300_000);
    await payment(ids.a!, 'created', 300_000);
    // A failed try of a student who then paid needs nothing.
    await payment(ids.c!, 'failed', 300_000);
    // A reserved row that never reached the gateway is not a payment.
    await db()
      .insertInto('payments')
      .values({
        student_id: ids.g!,
        student_email: 'g@example.com',
        order_id: 'pending_abc',
        amount: 1,
        currency: 'INR',
      })
      .execute();

    const overview = await getOverview();
    expect(overview.counts).toEqual({ registered: 6, verified: 4, paid: 2, in_batch: 3, completed: 1 });
    expect(overview.fees).toEqual({ paise: 550_000, payments: 2 });
    expect(overview.attention.payments.count).toBe(2);
    expect(overview.attention.payments.items.map((p) => [p.student_name, p.status, p.failure_reason])).toEqual([
      ['Asha Test', 'created', null],
      ['Bala Test', 'failed', 'Card declined'],
    ]);
    // Everyone paid is in a batch: nobody waits to be placed.
    expect(overview.attention.no_batch).toEqual({ count: 0, items: [] });
  });

  it('lists paid students in no batch, who get no classes until placed', async () => {
    const waiting = await student({ name: 'Hari', status: 1, created_at: '2025-01-01T05:00:00.000Z' });
    const { attention } = await getOverview();
    expect(attention.no_batch).toEqual({
      count: 1,
      items: [{ id: waiting, student_name: 'Hari Test', email: expect.any(String) }],
    });
    await db().updateTable('students').set({ student_batch: 7 }).where('id', '=', waiting).execute();
    expect((await getOverview()).attention.no_batch.count).toBe(0);
    // Leave the other tests' students as they were.
    await db().deleteFrom('students').where('id', '=', waiting).execute();
  });

  it('lists unanswered doubts oldest first and paid students not seen for a week', async () => {
    for (const [who, answered] of [
      [ids.c!, false],
      [ids.d!, true],
      [ids.b!, false],
    ] as const)
      await db()
        .insertInto('doubts')
        .values({
          student_id: who,
          question: `Question of ${who}`,
          answer: answered ? 'Yes' : null,
          answered_at: answered ? at(-HOUR) : null,
        })
        .execute();
    await sessionUsed(ids.c!, at(-40 * DAY));
    await sessionUsed(ids.c!, at(-1 * DAY));
    await sessionUsed(ids.d!, at(-10 * DAY));
    await sessionUsed(ids.e!, at(-30 * DAY));

    const { attention } = await getOverview();
    expect(attention.doubts.count).toBe(2);
    expect(attention.doubts.items.map((d) => [d.student_name, d.question])).toEqual([
      ['Chitra Test', `Question of ${ids.c}`],
      ['Bala Test', `Question of ${ids.b}`],
    ]);
    // Dev (paid) was last seen 10 days ago; Chitra yesterday; Esha has completed the course.
    expect(attention.not_seen.count).toBe(1);
    expect(attention.not_seen.items).toEqual([
      { id: ids.d, student_name: 'Dev Test', email: expect.any(String), batch: 7, last_seen_at: at(-10 * DAY) },
    ]);

    // Dev used the site two days ago and logged out: the session is gone, the time of its last use is kept.
    await db().deleteFrom('auth_sessions').where('student_id', '=', ids.d!).execute();
    await db()
      .insertInto('student_visits')
      .values({ student_id: ids.d!, seen_at: null, previous_visit_at: null, active_at: at(-2 * DAY) })
      .execute();
    expect((await getOverview()).attention.not_seen).toEqual({ count: 0, items: [] });

    await sessionUsed(ids.d!, at(-2 * HOUR));
    expect((await getOverview()).attention.not_seen).toEqual({ count: 0, items: [] });
  });

  it('counts submissions since the teacher last visited, and moves on with a new visit', async () => {
    const cp = await studentProgram(ids.c!, 1, [10, 10]);
    const dp = await studentProgram(ids.d!, 1, [3, 10]);
    await submission(cp, at(-3 * DAY));
    await submission(cp, at(-20 * DAY));

    // The visits so far were all at T: this visit began then and had no earlier one, so the last week counts.
    let { attention } = await getOverview();
    expect(attention.since).toBeNull();
    expect(attention.submissions.count).toBe(1);

    // Half an hour later the teacher is still on the same visit; Dev submits late in between.
    now = new Date(T.getTime() + 20 * 60_000);
    await submission(dp, at(10 * 60_000), 2, 1);
    ({ attention } = await getOverview());
    expect(attention.since).toBeNull();
    expect(attention.submissions.count).toBe(2);
    expect(attention.submissions.items[0]).toMatchObject({
      student_name: 'Dev Test',
      program_number: 1,
      score: 2,
      total: 2,
      late: true,
    });

    // Two hours later is a new visit: only what came after the last one (which ended at T + 20 min) counts.
    now = new Date(T.getTime() + 2 * HOUR);
    await submission(dp, at(HOUR));
    ({ attention } = await getOverview());
    expect(attention.since).toBe(at(20 * 60_000));
    expect(attention.submissions.count).toBe(1);
    expect(attention.submissions.items.map((s) => s.created_at)).toEqual([at(HOUR)]);
    now = T;
  });

  it('names the next class across batches and charts attendance of its batch', async () => {
    await putCourseSession(db(), 1, 'Introduction');
    await putCourseSession(db(), 3, 'Loops and arrays');
    const s1 = await addBatchSession(db(), { batch: 7, session: 1, startsAt: at(-14 * DAY), minutes: 60 });
    const s2 = await addBatchSession(db(), { batch: 7, session: 2, startsAt: at(-7 * DAY), minutes: 60 });
    const s3 = await addBatchSession(db(), { batch: 7, session: 3, startsAt: at(DAY), minutes: 90 });
    await addBatchSession(db(), { batch: 8, session: 1, startsAt: at(3 * DAY) });
    await db()
      .insertInto('attendance')
      .values([
        { batch_session_id: s1, student_id: ids.c!, joined_at: at(-14 * DAY) },
        { batch_session_id: s1, student_id: ids.d!, joined_at: at(-14 * DAY + 20 * 60_000) },
        { batch_session_id: s2, student_id: ids.c!, joined_at: at(-7 * DAY), mark: 'absent', marked_at: at(-DAY) },
        { batch_session_id: s2, student_id: ids.d!, joined_at: at(-7 * DAY + 60_000) },
        // Bala is not in batch 7: not on its sheet, so not in its chart.
        { batch_session_id: s2, student_id: ids.b!, joined_at: at(-7 * DAY) },
      ])
      .execute();

    expect((await getOverview()).next_session).toEqual({
      id: s3,
      batch_number: 7,
      session_number: 3,
      topics: 'Loops and arrays',
      starts_at: at(DAY),
      ends_at: at(DAY + 90 * 60_000),
    });

    const charts = await getCharts();
    expect(charts.attendance).toEqual({
      batch: 7,
      batches: [7, 8],
      sessions: [
        { id: s1, session_number: 1, starts_at: at(-14 * DAY), present: 1, late: 1, absent: 1 },
        { id: s2, session_number: 2, starts_at: at(-7 * DAY), present: 1, late: 0, absent: 2 },
      ],
    });
    expect((await getCharts('?batch=8')).attendance.sessions).toEqual([]);
    // A chart kept from the last request follows a teacher's mark at once.
    await db()
      .updateTable('attendance')
      .set({ mark: 'late', marked_at: at(0) })
      .where('batch_session_id', '=', s2)
      .where('student_id', '=', ids.c!)
      .execute();
    expect((await getCharts('?batch=7')).attendance.sessions[1]).toEqual({
      id: s2,
      session_number: 2,
      starts_at: at(-7 * DAY),
      present: 1,
      late: 1,
      absent: 1,
    });

    // During class 3, the next class is still class 3; after it, batch 8's.
    now = new Date(T.getTime() + DAY + HOUR);
    expect((await getOverview()).next_session?.id).toBe(s3);
    now = new Date(T.getTime() + DAY + 2 * HOUR);
    expect((await getOverview()).next_session).toMatchObject({ batch_number: 8, topics: 'Introduction' });
    // Class 3 has ended: the kept chart of batch 7 gives way to one that counts it.
    expect((await getCharts('?batch=7')).attendance.sessions.map((s) => [s.id, s.absent])).toEqual([
      [s1, 1],
      [s2, 1],
      [s3, 3],
    ]);
    now = T;
  });

  it('charts sign-ups and payments per course week, and best scores in fifths of the total', async () => {
    const charts = await getCharts();
    const week = (start: string) => charts.weeks.find((w) => w.week_start === start);
    expect(week('2026-11-30')).toEqual({ week_start: '2026-11-30', signups: 3, payments: 1, paid_paise: 250_000 });
    expect(week('2026-11-23')).toEqual({ week_start: '2026-11-23', signups: 1, payments: 0, paid_paise: 0 });
    expect(week('2026-11-09')).toEqual({ week_start: '2026-11-09', signups: 1, payments: 1, paid_paise: 300_000 });
    expect(charts.weeks.reduce((sum, w) => sum + w.signups, 0)).toBe(5);

    // Edges: 20 % is in the second bucket, 80 % in the last; a program never run is not counted.
    await studentProgram(ids.e!, 1, [4, 5]);
    await studentProgram(ids.c!, 2, [1, 5]);
    await studentProgram(ids.d!, 2, [0, 5]);
    await studentProgram(ids.e!, 2, [79, 100]);
    await studentProgram(ids.b!, 2, null);
    await studentProgram(ids.b!, 3, [0, 0]);
    expect((await getCharts()).scores).toEqual([
      // Chitra 10/10, Dev 3/10, Esha 4/5.
      { program_number: 1, buckets: [0, 1, 0, 0, 2] },
      { program_number: 2, buckets: [1, 1, 0, 1, 0] },
    ]);
  });

  it('refuses bad input with a 400 and is the admin’s alone', async () => {
    for (const query of ['?batch=0', '?batch=abc', '?batch=99999999999'])
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/charts${query}`, headers: bearer(adminToken) }))
          .statusCode,
      ).toBe(400);
    const s = await verifiedStudent(ctx);
    for (const url of ['/api/v1/admin/overview', '/api/v1/admin/charts']) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(s.token) })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

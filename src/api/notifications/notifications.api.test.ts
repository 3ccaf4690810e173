import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { eventData, openEventStream } from '../../../test/sse-blocks.js';
import { addBatchSession, placeStudent, putBatch, putCourseSession } from '../../../test/schedule-rows.js';
import type { TestContext } from '../../../test/test-app.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';

let ctx: TestContext;
let adminToken: string;
let adminId: number;
let programNumber = 7300;

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface Item {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
}
async function list(token: string, query = ''): Promise<{ items: Item[]; unread: number; has_more: boolean }> {
  const response = await call('GET', `/api/v1/notifications${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json();
}
const unread = async (token: string) => (await call('GET', '/api/v1/notifications/unread', token)).json().unread;
const mailsTo = (email: string) =>
  ctx.database.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', email).execute();

/** Pays the course fee through the test gateway, as the browser does: checkout, then the signed callback. */
async function payByTestGateway(token: string): Promise<void> {
  const order = (await call('POST', '/api/v1/payments', token)).json();
  const paid = (
    await call('POST', '/api/v1/payments/test_checkout', token, { order_id: order.order_id, outcome: 'success' })
  ).json();
  const verified = await call('POST', '/api/v1/payments/update_payment_status', token, {
    order_id: order.order_id,
    razorpay_payment_id: paid.razorpay_payment_id,
    razorpay_signature: paid.razorpay_signature,
  });
  expect(verified.statusCode).toBe(200);
}

/** A paid student in a batch. */
async function paidStudent(batch: number) {
  const s = await verifiedStudent(ctx);
  await placeStudent(ctx.database.db, s.id, { status: 1, batch });
  return s;
}

/** A program sent to one student (the original client's call); its student_programs id. */
async function sendProgram(studentId: number): Promise<number> {
  programNumber += 1;
  const response = await call('POST', '/student_programs', adminToken, {
    student_id: studentId,
    program_number: programNumber,
    task: `Task ${programNumber}`,
    solution: '',
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp({}, { notificationPollMs: 50 }));
  adminId = (
    await ctx.database.db.selectFrom('students').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow()
  ).id;
}, 60_000);
afterAll(() => ctx.close());

describe('notifications per kind, from the real events', () => {
  it('a program sent to a batch: one notice per student, linking to their own workspace, and the mail', async () => {
    const [a, b] = [await paidStudent(731), await paidStudent(731)];
    const program = (
      await call('POST', '/programs', adminToken, { program_number: 7301, task: 'Reverse a string.' })
    ).json();
    const sent = await call('POST', `/api/v1/programs/${program.id}/send`, adminToken, { student_batch: 731 });
    expect(sent.statusCode).toBe(200);
    for (const s of [a!, b!]) {
      const { items, unread: count } = await list(s.token);
      expect(count).toBe(1);
      expect(items[0]).toMatchObject({ kind: 'program_sent', title: 'Program 7301 is sent to you', read: false });
      const sp = await ctx.database.db
        .selectFrom('student_programs')
        .select('id')
        .where('student_id', '=', s.id)
        .executeTakeFirstOrThrow();
      expect(items[0]!.link).toBe(`/DashPage/myprogs/${sp.id}`);
      expect((await mailsTo(s.email)).some((m) => m.subject.includes('Program 7301'))).toBe(true);
    }
  });

  it('a doubt: the teacher is told it was asked, the student that it was answered', async () => {
    const s = await paidStudent(732);
    const before = await unread(adminToken);
    const asked = await call('POST', '/api/v1/doubts', s.token, { question: 'Why is gets unsafe?' });
    expect(asked.statusCode).toBe(201);
    expect(await unread(adminToken)).toBe(before + 1);
    const teacher = await list(adminToken);
    expect(teacher.items[0]).toMatchObject({
      kind: 'doubt_asked',
      title: 'Dennis Ritchie asked a doubt',
      body: 'Why is gets unsafe?',
      link: '/AdminPage#doubts',
    });
    await call('PATCH', `/api/v1/admin/doubts/${asked.json().id}`, adminToken, { answer: 'It cannot bound input.' });
    expect((await list(s.token)).items[0]).toMatchObject({ kind: 'doubt_answered', link: '/DashPage/mydoubts' });
  });

  it('a comment on code links to the comment; once the program is deleted the notice stays with no link', async () => {
    const s = await paidStudent(733);
    const spId = await sendProgram(s.id);
    const comment = await call('POST', `/api/v1/admin/student_programs/${spId}/comments`, adminToken, {
      line: 3,
      body: 'Check the return value of scanf.',
    });
    expect(comment.statusCode).toBe(201);
    const first = (await list(s.token)).items[0]!;
    expect(first).toMatchObject({ kind: 'code_comment', body: 'Check the return value of scanf.' });
    expect(first.link).toBe(`/DashPage/myprogs/${spId}#comment-${comment.json().id}`);
    expect((await mailsTo(s.email)).some((m) => m.text_body.includes('Check the return value of scanf.'))).toBe(true);

    await ctx.database.db.deleteFrom('student_programs').where('id', '=', spId).execute();
    const after = await list(s.token);
    expect(after.items.map((i) => [i.kind, i.link])).toEqual([
      ['code_comment', null],
      ['program_sent', null],
    ]);
    // The workspace the old link pointed to answers a clear 404, not a 500.
    const workspace = await call('GET', `/api/v1/student_programs/${spId}/workspace`, s.token);
    expect(workspace.statusCode).toBe(404);
  });

  it('a payment confirmed through the test gateway', async () => {
    const s = await verifiedStudent(ctx);
    await payByTestGateway(s.token);
    expect((await list(s.token)).items[0]).toMatchObject({
      kind: 'payment_confirmed',
      link: '/DashPage/mypayment',
    });
  });

  it('a payment is recorded even with both of its notices off, and then tells nothing', async () => {
    const s = await verifiedStudent(ctx);
    const off = await call('PUT', '/api/v1/notifications/settings', s.token, {
      settings: [{ kind: 'payment_confirmed', email: false, site: false }],
    });
    expect(off.statusCode).toBe(200);
    await payByTestGateway(s.token);
    const student = await ctx.database.db
      .selectFrom('students')
      .select('student_status')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(student.student_status).toBe(1);
    expect(await unread(s.token)).toBe(0);
    expect((await mailsTo(s.email)).some((m) => m.subject.startsWith('Payment receipt'))).toBe(false);
  });

  it('a batch announcement: the meeting link mailing tells the batch’s paid students in the site', async () => {
    const s = await paidStudent(734);
    await call('PUT', '/api/v1/batches/734', adminToken, { meeting_link: 'https://meet.example.com/b734' });
    const sent = await call('POST', '/api/v1/batches/734/send_link', adminToken, { resend: false });
    expect(sent.json().queued).toBe(1);
    expect((await list(s.token)).items[0]).toMatchObject({
      kind: 'announcement',
      title: 'The meeting link of batch 734',
      link: '/DashPage/myclasses',
    });
  });

  it('a class starting soon: the hour reminder is a notice (site switch) and a mail (reminders switch)', async () => {
    const start = '2027-03-01T13:30:00.000Z';
    await putBatch(ctx.database.db, 735, 'https://meet.example.com/c735');
    await putCourseSession(ctx.database.db, 5, 'Arrays');
    const both = await paidStudent(735);
    const noMail = await paidStudent(735);
    await placeStudent(ctx.database.db, noMail.id, { reminders: 0 });
    const noSite = await paidStudent(735);
    await call('PUT', '/api/v1/notifications/settings', noSite.token, {
      settings: [{ kind: 'class_soon', email: true, site: false }],
    });
    await addBatchSession(ctx.database.db, { batch: 735, session: 5, startsAt: start });
    const run = await ctx.app.reminders.runOnce(new Date(Date.parse(start) - 30 * 60_000));
    expect(run.queued).toBe(2);
    expect((await list(both.token)).items[0]).toMatchObject({
      kind: 'class_soon',
      title: 'Class 5 starts soon',
      body: 'Arrays',
      link: '/DashPage/myclasses',
    });
    expect((await list(noMail.token)).items[0]?.kind).toBe('class_soon');
    expect(await mailsTo(noMail.email)).toHaveLength(1); // only the verification mail
    expect(await unread(noSite.token)).toBe(0);
    expect((await mailsTo(noSite.email)).length).toBe(2);
  });

  it('submissions tell the teacher, folded into one unread notice per student program', async () => {
    const s = await paidStudent(736);
    const spId = await sendProgram(s.id);
    const before = await unread(adminToken);
    for (const solution of ['int main(void){return 1;}', 'int main(void){return 0;}']) {
      const response = await call('PATCH', `/student_programs/${spId}`, s.token, { solution });
      expect(response.statusCode).toBe(200);
    }
    expect(await unread(adminToken)).toBe(before + 1);
    const submissions = (await list(adminToken, '?limit=100')).items.filter((i) => i.kind === 'submission');
    expect(submissions[0]).toMatchObject({
      title: `Dennis Ritchie submitted Program ${programNumber}`,
      link: `/AdminPage?student=${s.id}`,
    });
    // A repeat after another notice comes first in the list again: it is the newest news.
    expect((await call('POST', '/api/v1/doubts', s.token, { question: 'Is return 2 fine?' })).statusCode).toBe(201);
    await call('PATCH', `/student_programs/${spId}`, s.token, { solution: 'int main(void){return 3;}' });
    const newest = (await list(adminToken)).items[0]!;
    expect(newest).toMatchObject({ kind: 'submission', read: false });
    expect(await unread(adminToken)).toBe(before + 2);
    // Read, the next one is a new notice.
    await call('POST', `/api/v1/notifications/${newest.id}/read`, adminToken);
    await call('PATCH', `/student_programs/${spId}`, s.token, { solution: 'int main(void){return 2;}' });
    expect(await unread(adminToken)).toBe(before + 2);
    // The submission mail is off by default for the teacher.
    expect((await mailsTo('teacher@example.com')).some((m) => m.subject.startsWith('New submission'))).toBe(false);
  });

  it('a graded submission in the workspace tells the teacher too', async () => {
    await ctx.app.grader.warmUp();
    const s = await paidStudent(737);
    programNumber += 1;
    const program = (
      await call('POST', '/programs', adminToken, { program_number: programNumber, task: 'Print 1.' })
    ).json();
    await call('PUT', `/api/v1/programs/${program.id}/exercise`, adminToken, {
      tests: [{ stdin: '', expected_output: '1\n' }],
    });
    await call('POST', `/api/v1/programs/${program.id}/send`, adminToken, { student_batch: 737 });
    const spId = (
      await ctx.database.db
        .selectFrom('student_programs')
        .select('id')
        .where('student_id', '=', s.id)
        .executeTakeFirstOrThrow()
    ).id;
    const submitted = await call('POST', `/api/v1/student_programs/${spId}/submissions`, s.token, {
      code: '#include <stdio.h>\nint main(void) { printf("1\\n"); return 0; }\n',
    });
    expect(submitted.statusCode).toBe(201);
    const notice = (await list(adminToken)).items[0]!;
    expect(notice).toMatchObject({ kind: 'submission', body: 'Score 1/1.' });
  }, 120_000);
});

describe('settings', () => {
  it('defaults per kind, the caller’s kinds only, and class_soon email is the reminders switch', async () => {
    const s = await verifiedStudent(ctx);
    const settings = (await call('GET', '/api/v1/notifications/settings', s.token)).json().settings;
    expect(settings.map((x: { kind: string }) => x.kind)).toEqual([
      'program_sent',
      'doubt_answered',
      'code_comment',
      'grade_released',
      'payment_confirmed',
      'announcement',
      'class_soon',
      'certificate_issued',
    ]);
    expect(settings.every((x: { email: boolean; site: boolean }) => x.email && x.site)).toBe(true);
    const teacher = (await call('GET', '/api/v1/notifications/settings', adminToken)).json().settings;
    expect(teacher).toEqual([
      { kind: 'doubt_asked', email: true, site: true },
      { kind: 'submission', email: false, site: true },
    ]);

    const refused = await call('PUT', '/api/v1/notifications/settings', s.token, {
      settings: [{ kind: 'submission', email: true, site: true }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['"submission" is not a kind of notification you get.']);

    const saved = await call('PUT', '/api/v1/notifications/settings', s.token, {
      settings: [{ kind: 'class_soon', email: false, site: true }],
    });
    expect(saved.json().settings.find((x: { kind: string }) => x.kind === 'class_soon')).toEqual({
      kind: 'class_soon',
      email: false,
      site: true,
    });
    expect((await call('GET', '/api/v1/profile/reminders', s.token)).json()).toEqual({ reminders: false });
    await call('PUT', '/api/v1/profile/reminders', s.token, { reminders: true });
    const after = (await call('GET', '/api/v1/notifications/settings', s.token)).json().settings;
    expect(after.find((x: { kind: string }) => x.kind === 'class_soon').email).toBe(true);
  });

  it('refuses a list longer than the kinds, or a kind twice, before writing anything; saves many kinds at once', async () => {
    const s = await verifiedStudent(ctx);
    const before = (await call('GET', '/api/v1/notifications/settings', s.token)).json().settings;
    // 16,000 entries once held a PostgreSQL transaction for 15 s.
    const flood = Array.from({ length: 16_000 }, () => ({ kind: 'program_sent', email: false, site: false }));
    for (const settings of [
      flood,
      [
        { kind: 'program_sent', email: false, site: true },
        { kind: 'program_sent', email: true, site: false },
      ],
    ]) {
      const refused = await call('PUT', '/api/v1/notifications/settings', s.token, { settings });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual(['Give each kind of notification once.']);
    }
    expect((await call('GET', '/api/v1/notifications/settings', s.token)).json().settings).toEqual(before);

    const all = before.map((x: { kind: string }) => ({ kind: x.kind, email: false, site: x.kind !== 'announcement' }));
    const saved = await call('PUT', '/api/v1/notifications/settings', s.token, { settings: all });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/notifications/settings', s.token)).json().settings).toEqual(all);
  });

  it('a kind off in the site writes no notice; off by email queues no mail', async () => {
    const s = await paidStudent(738);
    await call('PUT', '/api/v1/notifications/settings', s.token, {
      settings: [{ kind: 'program_sent', email: false, site: true }],
    });
    const mailsBefore = (await mailsTo(s.email)).length;
    await sendProgram(s.id);
    expect(await unread(s.token)).toBe(1);
    expect((await mailsTo(s.email)).length).toBe(mailsBefore);

    await call('PUT', '/api/v1/notifications/settings', s.token, {
      settings: [{ kind: 'program_sent', email: true, site: false }],
    });
    await sendProgram(s.id);
    expect(await unread(s.token)).toBe(1);
    expect((await mailsTo(s.email)).length).toBe(mailsBefore + 1);
  });
});

describe('reading', () => {
  it('counts, pages, marks one and all read; another person’s notice is a 404', async () => {
    const s = await paidStudent(739);
    const other = await verifiedStudent(ctx);
    for (let i = 0; i < 3; i += 1) await sendProgram(s.id);
    const page = await list(s.token, '?limit=2');
    expect(page).toMatchObject({ unread: 3, has_more: true });
    expect(page.items).toHaveLength(2);
    const rest = await list(s.token, `?limit=2&before=${page.items[1]!.id}`);
    expect(rest.items).toHaveLength(1);
    expect(rest.has_more).toBe(false);
    expect(rest.items[0]!.id).toBeLessThan(page.items[1]!.id);

    const theirs = await call('POST', `/api/v1/notifications/${page.items[0]!.id}/read`, other.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errors).toEqual(['No such notification of yours.']);
    expect(await unread(s.token)).toBe(3);
    expect((await call('POST', '/api/v1/notifications/999999/read', s.token)).statusCode).toBe(404);

    const one = await call('POST', `/api/v1/notifications/${page.items[0]!.id}/read`, s.token);
    expect(one.json()).toEqual({ unread: 2 });
    expect((await list(s.token)).items[0]!.read).toBe(true);
    expect((await call('POST', '/api/v1/notifications/read-all', s.token)).json()).toEqual({ unread: 0 });
    expect(await unread(s.token)).toBe(0);
    expect((await list(other.token)).items).toEqual([]);
    expect((await call('GET', '/api/v1/notifications', undefined)).statusCode).toBe(401);
  });
});

/** An open stream read over real HTTP: its `unread` events, in order. */
function openStream(port: number, token?: string) {
  const events: number[] = [];
  const waiters: (() => void)[] = [];
  const { opened, close } = openEventStream(port, '/api/v1/notifications/stream', token, (block) => {
    const data = eventData<{ unread: number }>(block, 'unread');
    if (!data) return;
    events.push(data.unread);
    for (const w of waiters.splice(0)) w();
  });
  return {
    opened,
    events,
    async next(count: number): Promise<number> {
      const deadline = Date.now() + 5000;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${events.length} events: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return events[count - 1]!;
    },
    close,
  };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the stream', () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  it('answers no HEAD, which would hold a stream open and unused', async () => {
    const s = await paidStudent(739);
    const response = await call('HEAD', '/api/v1/notifications/stream', s.token);
    expect(response.statusCode).toBe(404);
    expect(ctx.app.notificationHub.openStreams()).toBe(0);
  });

  it('sends the count at once and at each change; a closed stream leaves the hub', async () => {
    const s = await paidStudent(740);
    const spId = await sendProgram(s.id);
    const stream = openStream(port, s.token);
    const res = await stream.opened;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(await stream.next(1)).toBe(1);
    expect(ctx.app.notificationHub.openStreams()).toBe(1);

    await call('POST', `/api/v1/admin/student_programs/${spId}/comments`, adminToken, { line: 1, body: 'Nice.' });
    expect(await stream.next(2)).toBe(2);
    await call('POST', '/api/v1/notifications/read-all', s.token);
    expect(await stream.next(3)).toBe(0);

    stream.close();
    await until(() => ctx.app.notificationHub.openStreams() === 0, 'the closed stream to leave the hub');
  });

  it('is refused to anyone not signed in, and beyond five streams per account', async () => {
    const anonymous = openStream(port);
    expect((await anonymous.opened).statusCode).toBe(401);
    anonymous.close();

    const s = await verifiedStudent(ctx);
    const streams = Array.from({ length: 5 }, () => openStream(port, s.token));
    for (const st of streams) await st.next(1);
    const sixth = openStream(port, s.token);
    const refused = await sixth.opened;
    expect(refused.statusCode).toBe(429);
    sixth.close();
    for (const st of streams) st.close();
    await until(() => ctx.app.notificationHub.openStreams() === 0, 'every stream to close');

    // The teacher streams too.
    const teacher = openStream(port, adminToken);
    expect((await teacher.opened).statusCode).toBe(200);
    await teacher.next(1);
    teacher.close();
  });

  it('a notice made by another process of the site reaches a stream open here', async () => {
    const s = await paidStudent(741);
    const stream = openStream(port, s.token);
    expect(await stream.next(1)).toBe(0);
    // A second process on the same database (its own connection pool on PostgreSQL).
    const handle = ctx.database.dialect === 'postgres' ? openDatabase(ctx.database.url) : undefined;
    let other: FastifyInstance | undefined;
    try {
      other = await buildApp({ config: ctx.config, db: handle?.db ?? ctx.database.db, dialect: ctx.database.dialect });
      programNumber += 1;
      const sent = await other.inject({
        method: 'POST',
        url: '/student_programs',
        headers: bearer(adminToken),
        payload: { student_id: s.id, program_number: programNumber, task: 'Elsewhere', solution: '' },
      });
      expect(sent.statusCode).toBe(201);
      expect(await stream.next(2)).toBe(1);
    } finally {
      stream.close();
      await other?.close();
      await handle?.destroy();
    }
    expect(adminId).toBeGreaterThan(0);
  });
});

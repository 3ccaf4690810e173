import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, lastMailTo, verifiedStudent } from '../../../test/accounts-helpers.js';
import { startSmtpCapture, siteMailWorker } from '../../../test/smtp-capture.js';
import { addBatchSession, putBatch } from '../../../test/schedule-rows.js';
import type { TestContext } from '../../../test/test-app.js';
import { certificateMessages, type MyCertificate } from '../../contracts/certificates.js';
import { COURSE_NAME } from '../../contracts/course.js';
import { pdfText } from '../pdf/pdf-text.js';

let ctx: TestContext;
let adminToken: string;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let clock = new Date('2027-03-30T10:00:00.000Z');
const BATCH = 41;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ ctx, adminToken } = await createAdminTestApp({ SMTP_URL: smtp.url }, { clock: () => clock }));
  const db = ctx.database.db;
  await db.updateTable('settings').set({ value: 'Anita Menon' }).where('key', '=', 'site.instructor_name').execute();
  await putBatch(db, BATCH, null);
  // 4 Jan 2027, 7 pm in India, and 29 Mar 2027: the certificate states the days on the course calendar.
  await addBatchSession(db, { batch: BATCH, session: 1, startsAt: '2027-01-04T13:30:00.000Z' });
  await addBatchSession(db, { batch: BATCH, session: 2, startsAt: '2027-03-29T13:30:00.000Z' });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const setStatus = async (id: number, status: number) =>
  expect((await call('PUT', `/students/${id}`, adminToken, { student_status: status })).statusCode).toBe(200);

async function student(first = 'Łukasz', last = 'Öztürk') {
  const s = await verifiedStudent(ctx);
  await ctx.database.db
    .updateTable('students')
    .set({ first_name: first, last_name: last, student_batch: BATCH })
    .where('id', '=', s.id)
    .execute();
  await setStatus(s.id, 1);
  return s;
}

async function mine(token: string): Promise<MyCertificate> {
  const response = await call('GET', '/api/v1/me/certificate', token);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const verify = (code: string) => call('GET', `/api/v1/certificates/${encodeURIComponent(code)}`);

describe('certificates', () => {
  it('issues one on completion, with what it states copied onto it, and verifies it publicly', async () => {
    const s = await student();
    expect((await mine(s.token)).certificate).toBeNull();
    await setStatus(s.id, 2);

    const { certificate } = await mine(s.token);
    expect(certificate).toMatchObject({
      status: 'valid',
      student_name: 'Łukasz Öztürk',
      course: COURSE_NAME,
      batch: BATCH,
      batch_start: '2027-01-04',
      batch_end: '2027-03-29',
      teacher_name: 'Anita Menon',
      issued_at: clock.toISOString(),
    });
    expect(certificate!.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    // Later edits to the profile or the settings do not change an issued certificate.
    await ctx.database.db.updateTable('students').set({ first_name: 'Renamed' }).where('id', '=', s.id).execute();
    await ctx.database.db
      .updateTable('settings')
      .set({ value: 'Somebody Else' })
      .where('key', '=', 'site.instructor_name')
      .execute();
    const checked = await verify(certificate!.code);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual(certificate);
    await ctx.database.db
      .updateTable('settings')
      .set({ value: 'Anita Menon' })
      .where('key', '=', 'site.instructor_name')
      .execute();

    // Lookups forgive case, dashes and spaces.
    const typed = certificate!.code.toLowerCase().replaceAll('-', ' ');
    expect((await verify(typed)).json().code).toBe(certificate!.code);
  });

  it('mid-batch: says the attendance and the classes left first; the certificate ends on the completion day', async () => {
    const before = clock;
    clock = new Date('2027-02-01T06:00:00.000Z');
    try {
      const s = await student('Meera', 'Iyer');
      const check = await call('GET', `/api/v1/admin/students/${s.id}/completion`, adminToken);
      expect(check.statusCode).toBe(200);
      // One class held (4 Jan, missed), one to come on 29 Mar.
      expect(check.json()).toEqual({
        batch: BATCH,
        attended: 0,
        held: 1,
        classes_left: 1,
        last_class_at: '2027-03-29T13:30:00.000Z',
      });
      expect((await call('GET', `/api/v1/admin/students/${s.id}/completion`, s.token)).statusCode).toBe(403);

      const marked = await call('PUT', `/students/${s.id}`, adminToken, { student_status: 2 });
      expect(marked.statusCode).toBe(200);
      const { certificate } = await mine(s.token);
      // The answer names the certificate, so the teacher is told its code.
      expect(marked.json().meta).toEqual({ message: 'Status updated', certificate_code: certificate!.code });
      // Never a day still to come: the batch's last class is in March, the student completed on 1 Feb.
      expect(certificate).toMatchObject({ batch_start: '2027-01-04', batch_end: '2027-02-01' });
      const text = await pdfText((await call('GET', '/api/v1/me/certificate.pdf', s.token)).rawPayload);
      expect(text).toContain('Batch 41, 4 Jan 2027 – 1 Feb 2027');
    } finally {
      clock = before;
    }
  });

  it('puts the name, the code and the verify address in the PDF as text, with a QR code', async () => {
    const s = await student('Ada', 'Lovelace');
    await setStatus(s.id, 2);
    const { certificate } = await mine(s.token);
    const response = await call('GET', '/api/v1/me/certificate.pdf', s.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="certificate-${certificate!.code}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain(certificate!.code);
    expect(text).toContain(`${ctx.config.appUrl}/certificates/${certificate!.code}`);
    expect(text).toContain('Batch 41, 4 Jan 2027 – 29 Mar 2027');
    expect(text).toContain('Anita Menon');
    expect(pdf.includes('/Subtype /Image')).toBe(true);
  });

  it('mails the certificate as a PDF and tells the student in the site', async () => {
    const s = await student('Grace', 'Hopper');
    await setStatus(s.id, 2);
    const { certificate } = await mine(s.token);
    const queued = await lastMailTo(ctx, s.email);
    const row = await ctx.database.db
      .selectFrom('certificates')
      .select('id')
      .where('code', '=', certificate!.code)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(queued.attachment!)).toEqual({ kind: 'certificate', id: row.id });
    const notices = (await call('GET', '/api/v1/notifications', s.token)).json().items;
    expect(notices[0]).toMatchObject({
      kind: 'certificate_issued',
      title: 'Your certificate of completion is ready',
      link: '/DashPage',
    });

    const worker = siteMailWorker(ctx, smtp.url);
    await worker.runOnce();
    const sent = smtp.messages.find((m) => m.to === s.email && m.subject.includes('certificate'));
    expect(sent).toBeDefined();
    expect(sent!.text).toContain(certificate!.code);
    expect(sent!.attachments).toHaveLength(1);
    expect(sent!.attachments[0]).toMatchObject({
      filename: `certificate-${certificate!.code}.pdf`,
      contentType: 'application/pdf',
    });
    expect(await pdfText(sent!.attachments[0]!.content)).toContain('Grace Hopper');
  });

  it('revokes on leaving completed, keeps the row, and issues a new code on completing again', async () => {
    const s = await student('Alan', 'Turing');
    await setStatus(s.id, 2);
    const first = (await mine(s.token)).certificate!;
    clock = new Date('2027-04-02T06:00:00.000Z');
    await setStatus(s.id, 1);

    const revoked = (await mine(s.token)).certificate!;
    expect(revoked).toMatchObject({ status: 'revoked', code: first.code, revoked_at: clock.toISOString() });
    const publicView = await verify(first.code);
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json()).toMatchObject({
      status: 'revoked',
      student_name: 'Alan Turing',
      batch: BATCH,
      revoked_at: clock.toISOString(),
    });
    const pdf = await call('GET', '/api/v1/me/certificate.pdf', s.token);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().errors).toEqual([certificateMessages.noCertificate]);

    clock = new Date('2027-04-10T06:00:00.000Z');
    await setStatus(s.id, 2);
    const second = (await mine(s.token)).certificate!;
    expect(second.status).toBe('valid');
    expect(second.code).not.toBe(first.code);
    expect((await verify(first.code)).json().status).toBe('revoked');
    expect((await verify(second.code)).json().status).toBe('valid');

    const list = await call('GET', `/api/v1/admin/students/${s.id}/certificates`, adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { code: string; status: string }) => [c.code, c.status])).toEqual([
      [second.code, 'valid'],
      [first.code, 'revoked'],
    ]);

    // Paid to paid, or unpaid to paid, issues nothing.
    const other = await student('Barbara', 'Liskov');
    await setStatus(other.id, 1);
    expect((await mine(other.token)).certificate).toBeNull();
  });

  it('does not mail a certificate revoked before the message went', async () => {
    const s = await student('Edsger', 'Dijkstra');
    await setStatus(s.id, 2);
    const code = (await mine(s.token)).certificate!.code;
    await setStatus(s.id, 1);
    const id = (
      await ctx.database.db.selectFrom('certificates').select('id').where('code', '=', code).executeTakeFirstOrThrow()
    ).id;
    expect(await ctx.app.mailAttachments.certificate!(id)).toBeNull();
    // The unsent "your certificate is attached" message is withdrawn with it.
    const queued = await ctx.database.db
      .selectFrom('outbox')
      .select('id')
      .where('attachment', '=', JSON.stringify({ kind: 'certificate', id }))
      .execute();
    expect(queued).toEqual([]);
    // And so is its notice: nothing in the site still says it is ready.
    const kinds = (await call('GET', '/api/v1/notifications', s.token))
      .json()
      .items.map((n: { kind: string }) => n.kind);
    expect(kinds).not.toContain('certificate_issued');
    // Completed again: a new certificate, and one notice that it is ready.
    await setStatus(s.id, 2);
    const again = (await call('GET', '/api/v1/notifications', s.token)).json().items as { kind: string }[];
    expect(again.filter((n) => n.kind === 'certificate_issued')).toHaveLength(1);
  });

  it('answers a made-up or malformed code with one 404 that says nothing more', async () => {
    for (const code of [
      'ABCD-EFGH-JKMN',
      '0000-0000-0000',
      'not a code',
      "x'; drop table certificates; --",
      'A'.repeat(90),
    ]) {
      const response = await verify(code);
      expect(response.statusCode, code).toBe(404);
      expect(response.json()).toEqual({ code: 'notFound', errors: [certificateMessages.notFound] });
    }
  });

  it('keeps each person to their own certificate and the list to the teacher', async () => {
    const a = await student('Owner', 'One');
    await setStatus(a.id, 2);
    const b = await student('Other', 'Two');
    // B is not completed: B's /me calls never reach A's certificate.
    expect((await mine(b.token)).certificate).toBeNull();
    const bPdf = await call('GET', '/api/v1/me/certificate.pdf', b.token);
    expect(bPdf.statusCode).toBe(404);
    expect(bPdf.body).not.toContain('Owner');

    expect((await call('GET', '/api/v1/me/certificate')).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/me/certificate.pdf')).statusCode).toBe(401);
    expect((await call('GET', `/api/v1/admin/students/${a.id}/certificates`, b.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/admin/students/${a.id}/certificates`, a.token)).statusCode).toBe(403);
  });

  it('deletes a student’s certificates with their account', async () => {
    const s = await student('Gone', 'Away');
    await setStatus(s.id, 2);
    const code = (await mine(s.token)).certificate!.code;
    expect((await call('DELETE', `/students/${s.id}`, adminToken)).statusCode).toBeLessThan(300);
    expect(await ctx.database.db.selectFrom('certificates').select('id').where('code', '=', code).execute()).toEqual(
      [],
    );
    expect((await verify(code)).statusCode).toBe(404);
  });
});

describe('students completed before certificates existed', () => {
  it('are listed for the teacher, then issued theirs in one action, each recorded in the status history', async () => {
    // Completed the way an older version of the site did it: the status only, no certificate.
    const early = await student('Grace', 'Early');
    await ctx.database.db.updateTable('students').set({ student_status: 2 }).where('id', '=', early.id).execute();
    const current = await student('Alan', 'Current');
    await setStatus(current.id, 2);

    const listed = await call('GET', '/api/v1/admin/certificates/missing', adminToken);
    expect(listed.statusCode).toBe(200);
    const ids = (listed.json() as { id: number }[]).map((s) => s.id);
    expect(ids).toContain(early.id);
    expect(ids).not.toContain(current.id);
    expect((await mine(early.token)).certificate).toBeNull();

    const refused = await call('POST', '/api/v1/admin/certificates/missing', early.token, { student_ids: [early.id] });
    expect(refused.statusCode).toBe(403);
    const issued = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/certificates/missing',
      headers: bearer(adminToken),
      payload: { student_ids: [early.id, current.id] },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toEqual({ issued: 1, message: '1 certificate issued and sent by email.' });
    const certificate = (await mine(early.token)).certificate!;
    expect(certificate).toMatchObject({ status: 'valid', student_name: 'Grace Early', batch: BATCH });
    expect((await lastMailTo(ctx, early.email)).attachment).toContain('certificate');
    // The current student kept the one certificate they had.
    expect((await call('GET', `/api/v1/admin/students/${current.id}/certificates`, adminToken)).json()).toHaveLength(1);

    const history = (await call('GET', `/api/v1/admin/status_changes?student_id=${early.id}`, adminToken)).json() as {
      from_status: number;
      to_status: number;
      reason: string | null;
    }[];
    expect(history[0]).toMatchObject({
      from_status: 2,
      to_status: 2,
      reason: certificateMessages.issuedLate(certificate.code),
    });
    // Nothing to undo in it, and nothing left to issue.
    const undo = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/students/${early.id}/revert`,
      headers: bearer(adminToken),
      payload: { reason: 'Checking the undo' },
    });
    expect(undo.statusCode).toBe(409);
    expect((await call('GET', '/api/v1/admin/certificates/missing', adminToken)).json()).not.toContainEqual(
      expect.objectContaining({ id: early.id }),
    );
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/certificates/missing',
      headers: bearer(adminToken),
      payload: { student_ids: [early.id] },
    });
    expect(again.json().issued).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';

/**
 * Issue 16: a second 'Send meeting link' (or announcement) of the same thing to the same batch is asked about first.
 */

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const asAdmin = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });

async function mailsTo(email: string, subject: string): Promise<number> {
  const rows = await ctx.database.db
    .selectFrom('outbox')
    .select('id')
    .where('to_address', '=', email)
    .where('subject', '=', subject)
    .execute();
  return rows.length;
}

async function paidStudentInBatch(batch: number): Promise<string> {
  const student = await verifiedStudent(ctx);
  expect((await asAdmin('PATCH', `/students/${student.id}`, { student_status: 1 })).statusCode).toBe(200);
  expect(
    (await asAdmin('PATCH', '/students/update_batch', { email: student.email, student_batch: batch })).statusCode,
  ).toBe(200);
  return student.email;
}

describe('send_link', () => {
  it('sends once, answers a repeat with when and to how many it went, and sends again only when asked to', async () => {
    const email = await paidStudentInBatch(21);
    expect(
      (
        await asAdmin('PUT', '/api/v1/batches/21', {
          start_date: '2027-01-04',
          meeting_link: 'https://meet.example.com/b21',
        })
      ).statusCode,
    ).toBe(200);

    const first = await asAdmin('POST', '/api/v1/batches/21/send_link');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ queued: 1 });
    expect(await mailsTo(email, 'Your class link for batch 21')).toBe(1);

    const repeat = await asAdmin('POST', '/api/v1/batches/21/send_link');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().queued).toBe(0);
    expect(repeat.json().already_sent.students).toBe(1);
    expect(Date.parse(repeat.json().already_sent.sent_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await mailsTo(email, 'Your class link for batch 21')).toBe(1);

    const again = await asAdmin('POST', '/api/v1/batches/21/send_link', { resend: true });
    expect(again.json()).toEqual({ queued: 1 });
    expect(await mailsTo(email, 'Your class link for batch 21')).toBe(2);

    // A new link is news, not a repeat.
    await asAdmin('PUT', '/api/v1/batches/21', { meeting_link: 'https://meet.example.com/b21-moved' });
    expect((await asAdmin('POST', '/api/v1/batches/21/send_link')).json()).toEqual({ queued: 1 });
    expect(await mailsTo(email, 'Your class link for batch 21')).toBe(3);
  });

  it('two sends at once queue the link once', async () => {
    const email = await paidStudentInBatch(22);
    await asAdmin('PUT', '/api/v1/batches/22', { meeting_link: 'https://meet.example.com/b22' });
    const answers = await Promise.all([
      asAdmin('POST', '/api/v1/batches/22/send_link'),
      asAdmin('POST', '/api/v1/batches/22/send_link'),
    ]);
    expect(answers.map((a) => a.json().queued).sort()).toEqual([0, 1]);
    expect(await mailsTo(email, 'Your class link for batch 22')).toBe(1);
  });

  it('does not count sending to nobody as sent', async () => {
    await asAdmin('PUT', '/api/v1/batches/23', { meeting_link: 'https://meet.example.com/b23' });
    expect((await asAdmin('POST', '/api/v1/batches/23/send_link')).json()).toEqual({ queued: 0 });
    const email = await paidStudentInBatch(23);
    expect((await asAdmin('POST', '/api/v1/batches/23/send_link')).json()).toEqual({ queued: 1 });
    expect(await mailsTo(email, 'Your class link for batch 23')).toBe(1);
  });

  it('refuses a body that is not { resend }', async () => {
    await asAdmin('PUT', '/api/v1/batches/24', { meeting_link: 'https://meet.example.com/b24' });
    expect((await asAdmin('POST', '/api/v1/batches/24/send_link', { resend: 'yes' })).statusCode).toBe(400);
  });
});

describe('announce', () => {
  it('announces a start date once, with the date written as every screen writes it, and again only when asked to', async () => {
    const student = await verifiedStudent(ctx);
    await asAdmin('PUT', '/api/v1/batches/25', { start_date: '2026-11-30' });
    const first = await asAdmin('POST', '/api/v1/batches/25/announce');
    expect(first.json().queued).toBeGreaterThanOrEqual(1);
    expect(first.json().already_sent).toBeUndefined();
    const subject = 'Batch 25 of the C Programming Language course starts on 30 Nov 2026';
    expect(await mailsTo(student.email, subject)).toBe(1);

    const repeat = await asAdmin('POST', '/api/v1/batches/25/announce');
    expect(repeat.json().queued).toBe(0);
    expect(repeat.json().already_sent.students).toBe(first.json().queued);
    expect(await mailsTo(student.email, subject)).toBe(1);

    expect((await asAdmin('POST', '/api/v1/batches/25/announce', { resend: true })).json().queued).toBe(
      first.json().queued,
    );
    expect(await mailsTo(student.email, subject)).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { messages } from '../../contracts/messages.js';
import { testimonialMessages } from '../../contracts/testimonials.js';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });

/** A completed student who sends feedback through the original client's multipart PATCH. */
async function completedStudentWithFeedback(feedback: string) {
  const student = await verifiedStudent(ctx);
  await ctx.database.db.updateTable('students').set({ student_status: 2 }).where('id', '=', student.id).execute();
  const sent = await sendFeedback(student, feedback);
  expect(sent.statusCode).toBe(200);
  expect(sent.json().meta.message).toBe(messages.feedbackSubmitted);
  return student;
}

function sendFeedback(student: { id: number; token: string }, feedback: string) {
  const boundary = '----moderation';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="feedback"\r\n\r\n${feedback}\r\n--${boundary}--\r\n`;
  return ctx.app.inject({
    method: 'PATCH',
    url: `/students/${student.id}`,
    headers: { ...bearer(student.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

const landing = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/students/get_old_students' })).json() as { feedback: string }[];
const profileOf = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(token) })).json();

describe('moderated testimonials', () => {
  it('keeps new feedback off the landing page until approved; hiding takes it off, approving again puts it back', async () => {
    const quote = `Pointers clicked in week two ${Date.now()}`;
    const student = await completedStudentWithFeedback(quote);
    expect((await profileOf(student.token)).feedback_state).toBe('pending');
    // Read once, so the landing page's answer is cached before the approval.
    expect((await landing()).map((t) => t.feedback)).not.toContain(quote);

    const list = (await asAdmin('GET', '/api/v1/admin/testimonials')).json();
    expect(list[0]).toMatchObject({ student_id: student.id, feedback: quote, state: 'pending', email: student.email });

    const approved = await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, { state: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe(testimonialMessages.approved);
    expect((await landing()).map((t) => t.feedback)).toContain(quote);
    expect((await profileOf(student.token)).feedback_state).toBe('approved');

    expect((await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, { state: 'hidden' })).statusCode).toBe(
      200,
    );
    expect((await landing()).map((t) => t.feedback)).not.toContain(quote);
    expect((await profileOf(student.token)).feedback_state).toBe('hidden');

    await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, { state: 'approved' });
    expect((await landing()).map((t) => t.feedback)).toContain(quote);

    // Edited feedback waits again.
    const edited = `${quote} (edited)`;
    expect((await sendFeedback(student, edited)).statusCode).toBe(200);
    expect((await profileOf(student.token)).feedback_state).toBe('pending');
    const shown = (await landing()).map((t) => t.feedback);
    expect(shown).not.toContain(edited);
    expect(shown).not.toContain(quote);
  });

  it('lists waiting feedback first', async () => {
    const older = await completedStudentWithFeedback('Approved one');
    await asAdmin('PUT', `/api/v1/admin/testimonials/${older.id}`, { state: 'approved' });
    const waiting = await completedStudentWithFeedback('Waiting one');
    const list = (await asAdmin('GET', '/api/v1/admin/testimonials')).json() as { student_id: number; state: string }[];
    const states = list.map((t) => t.state);
    expect(states.indexOf('approved')).toBeGreaterThan(states.lastIndexOf('pending'));
    expect(list.find((t) => t.student_id === waiting.id)?.state).toBe('pending');
  });

  it('stores markup as text and serves it as JSON text, never as HTML', async () => {
    const markup = '<script>alert(1)</script><b>bold</b> & <img src=x onerror=alert(2)>';
    const student = await completedStudentWithFeedback(markup);
    await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, { state: 'approved' });
    const response = await ctx.app.inject({ method: 'GET', url: '/students/get_old_students' });
    expect(response.headers['content-type']).toContain('application/json');
    expect((response.json() as { feedback: string }[]).map((t) => t.feedback)).toContain(markup);
    const row = await ctx.database.db
      .selectFrom('students')
      .select('feedback')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(row.feedback).toBe(markup);
  });

  it('answers 404 for a student without feedback and 400 for a state it does not know', async () => {
    const student = await verifiedStudent(ctx);
    const none = await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, { state: 'approved' });
    expect(none.statusCode).toBe(404);
    expect(none.json().errors).toEqual([testimonialMessages.noFeedback]);
    const bad = await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, { state: 'pending' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses students and anonymous callers', async () => {
    const student = await completedStudentWithFeedback('Let me approve myself');
    const url = `/api/v1/admin/testimonials/${student.id}`;
    const payload = { state: 'approved' };
    expect((await ctx.app.inject({ method: 'PUT', url, payload })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url, payload, headers: bearer(student.token) })).statusCode).toBe(
      403,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/testimonials', headers: bearer(student.token) }))
        .statusCode,
    ).toBe(403);
    expect((await profileOf(student.token)).feedback_state).toBe('pending');
  });
});

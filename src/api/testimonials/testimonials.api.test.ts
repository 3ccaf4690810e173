import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.js';
import { approveTestimonial, bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
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

/** A profile save through the original client's multipart PATCH; its status. */
async function patch(student: { id: number; token: string }, body: ReturnType<typeof multipart>): Promise<number> {
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/students/${student.id}`,
    headers: { ...bearer(student.token), ...body.headers },
    payload: body.payload,
  });
  return response.statusCode;
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

    const approved = await approveTestimonial(ctx.app, adminToken, student.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe(testimonialMessages.approved);
    expect((await landing()).map((t) => t.feedback)).toContain(quote);
    expect((await profileOf(student.token)).feedback_state).toBe('approved');

    expect((await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, { state: 'hidden' })).statusCode).toBe(
      200,
    );
    expect((await landing()).map((t) => t.feedback)).not.toContain(quote);
    expect((await profileOf(student.token)).feedback_state).toBe('hidden');

    await approveTestimonial(ctx.app, adminToken, student.id);
    expect((await landing()).map((t) => t.feedback)).toContain(quote);

    // Edited feedback waits again.
    const edited = `${quote} (edited)`;
    expect((await sendFeedback(student, edited)).statusCode).toBe(200);
    expect((await profileOf(student.token)).feedback_state).toBe('pending');
    const shown = (await landing()).map((t) => t.feedback);
    expect(shown).not.toContain(edited);
    expect(shown).not.toContain(quote);
  });

  it('takes a testimonial off the landing page when the completion is undone, and back to review', async () => {
    const quote = `Finished, then not ${Date.now()}`;
    const student = await completedStudentWithFeedback(quote);
    await approveTestimonial(ctx.app, adminToken, student.id);
    expect((await landing()).map((t) => t.feedback)).toContain(quote);
    // The teacher marked the completion by mistake: back to Paid.
    const undone = await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${student.id}`,
      headers: bearer(adminToken),
      payload: { student_status: 1 },
    });
    expect(undone.statusCode).toBe(200);
    expect((await landing()).map((t) => t.feedback)).not.toContain(quote);
    // Completed again later: the teacher reads it again before it is shown.
    await ctx.app.inject({
      method: 'PUT',
      url: `/students/${student.id}`,
      headers: bearer(adminToken),
      payload: { student_status: 2 },
    });
    expect((await profileOf(student.token)).feedback_state).toBe('pending');
    expect((await landing()).map((t) => t.feedback)).not.toContain(quote);
  });

  it('sends an approved testimonial back to review when anything it shows changes: name, study, institution, photo', async () => {
    const profile = { mobile: '9876543210', city: 'Kochi', country: 'India', study: 'BSc', institution: 'CET' };
    const photo = async (color: string) =>
      sharp({ create: { width: 60, height: 60, channels: 3, background: color } })
        .png()
        .toBuffer();
    const changes: [string, (s: { id: number; token: string }) => Promise<number>][] = [
      ['study', (s) => patch(s, multipart({ ...profile, study: 'MCA' }))],
      ['institution', (s) => patch(s, multipart({ ...profile, institution: 'NIT' }))],
      [
        'photo',
        async (s) =>
          patch(
            s,
            multipart(profile, [
              { name: 'image', filename: 'me.png', type: 'image/png', data: await photo('#aa3366') },
            ]),
          ),
      ],
      [
        'name',
        async (s) =>
          (
            await ctx.app.inject({
              method: 'PATCH',
              url: `/students/${s.id}`,
              headers: bearer(s.token),
              payload: { ...profile, first_name: 'Renamed' },
            })
          ).statusCode,
      ],
    ];
    for (const [what, change] of changes) {
      const quote = `Loops made sense (${what}) ${Date.now()}`;
      const student = await completedStudentWithFeedback(quote);
      expect(await patch(student, multipart(profile))).toBe(200);
      expect((await approveTestimonial(ctx.app, adminToken, student.id)).statusCode).toBe(200);
      expect(
        (await landing()).map((t) => t.feedback),
        what,
      ).toContain(quote);

      expect(await change(student), what).toBe(200);
      expect(
        (await landing()).map((t) => t.feedback),
        what,
      ).not.toContain(quote);
      expect((await profileOf(student.token)).feedback_state, what).toBe('pending');
      const listed = ((await asAdmin('GET', '/api/v1/admin/testimonials')).json() as { student_id: number }[]).find(
        (t) => t.student_id === student.id,
      );
      expect(listed, what).toMatchObject({ state: 'pending', feedback: quote });
      expect((await approveTestimonial(ctx.app, adminToken, student.id)).statusCode, what).toBe(200);
      expect(
        (await landing()).map((t) => t.feedback),
        what,
      ).toContain(quote);
    }
  });

  it('approves only what the teacher read: text edited in between is refused (409), and nothing is published', async () => {
    const quote = `Arrays of structs ${Date.now()}`;
    const student = await completedStudentWithFeedback(quote);
    const read = (
      (await asAdmin('GET', '/api/v1/admin/testimonials')).json() as { student_id: number; revision: number }[]
    ).find((t) => t.student_id === student.id)!;
    // The student edits the feedback after the teacher read it.
    const edited = `${quote} and buy my course at spam.example`;
    expect((await sendFeedback(student, edited)).statusCode).toBe(200);
    const stale = await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, {
      state: 'approved',
      revision: read.revision,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([testimonialMessages.changedSinceRead]);
    const shown = (await landing()).map((t) => t.feedback);
    expect(shown).not.toContain(edited);
    expect(shown).not.toContain(quote);
    expect((await profileOf(student.token)).feedback_state).toBe('pending');
    // An approval without the revision read is refused as well; hiding needs none.
    const blind = await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, { state: 'approved' });
    expect(blind.statusCode).toBe(400);
    expect((await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, { state: 'hidden' })).statusCode).toBe(
      200,
    );
  });

  it('lists waiting feedback first', async () => {
    const older = await completedStudentWithFeedback('Approved one');
    await approveTestimonial(ctx.app, adminToken, older.id);
    const waiting = await completedStudentWithFeedback('Waiting one');
    const list = (await asAdmin('GET', '/api/v1/admin/testimonials')).json() as { student_id: number; state: string }[];
    const states = list.map((t) => t.state);
    expect(states.indexOf('approved')).toBeGreaterThan(states.lastIndexOf('pending'));
    expect(list.find((t) => t.student_id === waiting.id)?.state).toBe('pending');
  });

  it('stores markup as text and serves it as JSON text, never as HTML', async () => {
    const markup = '<script>alert(1)</script><b>bold</b> & <img src=x onerror=alert(2)>';
    const student = await completedStudentWithFeedback(markup);
    await approveTestimonial(ctx.app, adminToken, student.id);
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
    const none = await asAdmin('PUT', `/api/v1/admin/testimonials/${student.id}`, { state: 'approved', revision: 0 });
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

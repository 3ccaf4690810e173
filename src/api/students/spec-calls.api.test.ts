/**
 * Calls of the original client, made exactly as it makes them (its headers and body shapes), that an outside
 * check found answered differently from what the original client expects:
 * send_names, invite_email, and calls that carry no body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { messages } from '../../contracts/messages.js';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const profile = {
  mobile: '9876543210',
  city: 'Kochi',
  country: 'India',
  study: 'B.Tech',
  institution: 'CET',
  work: '',
  office: '',
};
const PROFILE_SUBJECT = 'Your C Programming Learning Hub profile is ready';

async function mailsTo(email: string) {
  return ctx.database.db
    .selectFrom('outbox')
    .select(['subject', 'created_at'])
    .where('to_address', '=', email)
    .where('subject', '=', PROFILE_SUBJECT)
    .execute();
}

/** The profile email is queued after the answer: wait for that work to end, then count. */
async function settledMailsTo(email: string) {
  await ctx.app.afterAnswer.settled();
  return mailsTo(email);
}

async function studentWithProfile() {
  const student = await verifiedStudent(ctx);
  const saved = await ctx.app.inject({
    method: 'PATCH',
    url: `/students/${student.id}`,
    headers: bearer(student.token),
    payload: profile,
  });
  expect(saved.statusCode).toBe(200);
  return student;
}

describe("GET /students/send_names: the new student's own data", () => {
  it('answers the signed-in student with their own record (id, names, email, uniq_id, profile fields)', async () => {
    const student = await verifiedStudent(ctx);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/students/send_names',
      headers: { token: student.token, authorization: `Bearer ${student.token}` },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: student.id,
      email: student.email,
      first_name: 'Dennis',
      last_name: 'Ritchie',
      mobile: null,
      student_status: 0,
    });
    expect(body.uniq_id).toMatch(/^CP-/);
    expect(JSON.stringify(body)).not.toMatch(/password|token/);
  });

  it("needs a token; the admin's list of new students has its own admin path", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/students/send_names' })).statusCode).toBe(401);
    const student = await verifiedStudent(ctx);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/new_student_names', headers: bearer(student.token) }))
        .statusCode,
    ).toBe(403);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/new_student_names',
      headers: bearer(adminToken),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { email: string }) => s.email)).toContain(student.email);
  });
});

describe('POST /invite_email: the student\'s own "profile created" email', () => {
  it('is sent without a token, as the original client sends it, to a completed profile; never twice within minutes', async () => {
    const student = await studentWithProfile();
    // Saving the first profile queued one already; the original client asks right after: no second copy.
    expect(await mailsTo(student.email)).toHaveLength(1);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/invite_email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: student.email }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.profileMailRequested });
    expect(await settledMailsTo(student.email)).toHaveLength(1);

    // Later (the first one older than the gap), asking again sends it again, with fixed content, up to 3 a day.
    await ctx.database.db
      .updateTable('outbox')
      .set({ created_at: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where('to_address', '=', student.email)
      .execute();
    await ctx.app.inject({ method: 'POST', url: '/invite_email', payload: { email: student.email.toUpperCase() } });
    const two = await settledMailsTo(student.email);
    expect(two).toHaveLength(2);
    await ctx.database.db
      .updateTable('outbox')
      .set({ created_at: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where('to_address', '=', student.email)
      .execute();
    await ctx.app.inject({ method: 'POST', url: '/invite_email', payload: { email: student.email } });
    expect(await settledMailsTo(student.email)).toHaveLength(3);
    await ctx.database.db
      .updateTable('outbox')
      .set({ created_at: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where('to_address', '=', student.email)
      .execute();
    await ctx.app.inject({ method: 'POST', url: '/invite_email', payload: { email: student.email } });
    expect(await settledMailsTo(student.email)).toHaveLength(3);
  });

  it('answers alike for an unknown address, an unverified account, a profile not yet made and the admin, and mails none of them', async () => {
    const noProfile = await verifiedStudent(ctx);
    const unverified = `never.verified.${Date.now()}@example.com`;
    await ctx.app.inject({
      method: 'POST',
      url: '/students',
      payload: { email: unverified, password: 'Kernighan#1978', first_name: 'Ken', last_name: 'T' },
    });
    const answers = [];
    for (const email of ['nobody.here@example.com', unverified, noProfile.email, 'teacher@example.com']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/invite_email', payload: { email } });
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ message: messages.profileMailRequested }) });
    await ctx.app.afterAnswer.settled();
    for (const email of ['nobody.here@example.com', unverified, noProfile.email, 'teacher@example.com'])
      expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses a body that is not an email with 400', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/invite_email', payload: { email: 'not an email' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['Please enter a valid email address']);
  });

  it("leaves the teacher's invitation at its own admin path", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/invite_email',
      headers: bearer(adminToken),
      payload: { email: 'friend@example.com' },
    });
    expect(response.statusCode).toBe(200);
    const mail = await ctx.database.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', 'friend@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain('invited');
  });
});

describe('a call that carries no body works whatever its Content-Type', () => {
  it('POST /students/logout with only the token header, Content-Type: application/json and an empty body ends the session', async () => {
    const student = await verifiedStudent(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/students/logout',
      headers: { token: student.token, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.loggedOut });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(student.token) })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['application/json', ''],
    ['application/json; charset=utf-8', '   '],
    ['application/x-www-form-urlencoded', ''],
    ['text/plain', ''],
  ])('an empty %s body on bodiless routes (logout, announce, test payment order) is no body', async (type, payload) => {
    const student = await verifiedStudent(ctx);
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { ...bearer(student.token), 'content-type': type },
      payload,
    });
    expect(order.statusCode).toBe(201);
    const batch = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/batches/31',
      headers: bearer(adminToken),
      payload: { start_date: '2027-01-04' },
    });
    expect(batch.statusCode).toBe(200);
    const announce = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/batches/31/announce',
      headers: { ...bearer(adminToken), 'content-type': type },
      payload,
    });
    expect(announce.statusCode).toBe(200);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/students/logout',
      headers: { token: student.token, 'content-type': type },
      payload,
    });
    expect(logout.statusCode).toBe(200);
  });

  it('a route that needs a body still answers a missing one with a plain 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/students/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.join(' ')).not.toMatch(/body\/|Invalid input|expected object/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  bearer,
  lastMailTo,
  signup,
  tokenFromLink,
  uniqueEmail,
} from '../../../test/accounts-helpers.js';
import { type CapturedMail, linkIn, startSmtpCapture, siteMailWorker } from '../../../test/smtp-capture.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { messages } from '../../contracts/messages.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let worker: ReturnType<typeof siteMailWorker>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url });
  worker = siteMailWorker(ctx, smtp.url);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

async function deliveredTo(email: string): Promise<CapturedMail> {
  await worker.runOnce();
  const mail = smtp.messages.filter((m) => m.to.toLowerCase().includes(email.toLowerCase())).at(-1);
  expect(mail, `mail delivered to ${email}`).toBeDefined();
  return mail!;
}

describe('signup and email verification', () => {
  it('signs up, emails a verification link over SMTP, and the link activates the account once', async () => {
    const email = uniqueEmail('Signup');
    const response = await signup(ctx.app, email);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.meta.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data).toMatchObject({
      type: 'student',
      attributes: { email, activated: false, student_status: 0, role: 'student' },
    });
    expect(JSON.stringify(body)).not.toContain('password');

    // Not verified yet: the signup token opens nothing but logout.
    const early = await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(body.meta.token) });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('emailNotVerified');

    const mail = await deliveredTo(email);
    expect(mail.subject).toBe('Verify your email for C Programming Learning Hub');
    expect(mail.html).toContain('Verify my email');
    const link = linkIn(mail);
    expect(link.startsWith('http://course.test/students/verify_email?token=')).toBe(true);

    const follow = await ctx.app.inject({ method: 'GET', url: link.replace('http://course.test', '') });
    expect(follow.statusCode).toBe(303);
    const location = String(follow.headers.location);
    expect(location).toMatch(/^\/StudentEmailVerified\?token=/);
    const session = tokenFromLink(location);
    const profile = await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(session) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email, activated: true });

    // Opened again (a mail scanner opened it first): already verified, log in; no second session.
    const again = await ctx.app.inject({ method: 'GET', url: link.replace('http://course.test', '') });
    expect(again.headers.location).toBe('/StudentEmailVerified?already=1');
  });

  it('sends a failed or expired link to /VerificationFailed', async () => {
    for (const url of [
      '/students/verify_email?token=garbage',
      '/students/verify_email',
      `/students/verify_email?token=${'x'.repeat(43)}`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/VerificationFailed');
    }
    const email = uniqueEmail();
    await signup(ctx.app, email);
    const token = tokenFromLink((await lastMailTo(ctx, email)).text_body);
    await ctx.database.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await ctx.app.inject({ method: 'GET', url: `/students/verify_email?token=${token}` });
    expect(expired.headers.location).toBe('/VerificationFailed');
  });

  it('resends the verification email, and only the newest link works', async () => {
    const email = uniqueEmail();
    await signup(ctx.app, email);
    const first = tokenFromLink((await lastMailTo(ctx, email)).text_body);
    const resend = await ctx.app.inject({
      method: 'GET',
      url: `/students/resend_email?email=${encodeURIComponent(email.toUpperCase())}`,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: messages.resendSent });
    const second = tokenFromLink((await lastMailTo(ctx, email)).text_body);
    expect(second).not.toBe(first);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/students/verify_email?token=${first}` })).headers.location,
    ).toBe('/VerificationFailed');
    expect(
      String((await ctx.app.inject({ method: 'GET', url: `/students/verify_email?token=${second}` })).headers.location),
    ).toMatch(/^\/StudentEmailVerified\?token=/);
    // The superseded link, once the email is verified, says so too.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/students/verify_email?token=${first}` })).headers.location,
    ).toBe('/StudentEmailVerified?already=1');
  });

  it('answers resend the same for an unknown email, and refuses a malformed one', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/students/resend_email?email=nobody%40example.com' });
    expect(unknown.json()).toEqual({ message: messages.resendSent });
    const bad = await ctx.app.inject({ method: 'GET', url: '/students/resend_email?email=not-an-email' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a duplicate email, whatever its case', async () => {
    const email = uniqueEmail();
    expect((await signup(ctx.app, email)).statusCode).toBe(201);
    const duplicate = await signup(ctx.app, email.toUpperCase());
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual([messages.emailTaken]);
  });

  it('creates one account when the same email signs up twice at once', async () => {
    const email = uniqueEmail();
    const results = await Promise.all([
      signup(ctx.app, email),
      signup(ctx.app, email),
      signup(ctx.app, email.toUpperCase()),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await ctx.database.db
      .selectFrom('students')
      .select('id')
      .where('email', 'in', [email, email.toUpperCase()])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a missing email', { password: GOOD_PASSWORD, first_name: 'A', last_name: 'B' }],
    ['a malformed email', { email: 'nope', password: GOOD_PASSWORD, first_name: 'A', last_name: 'B' }],
    ['a weak password', { email: 'weak@example.com', password: 'password', first_name: 'A', last_name: 'B' }],
    ['a common password', { email: 'common@example.com', password: 'Password@123', first_name: 'A', last_name: 'B' }],
    [
      'a too long password',
      { email: 'long@example.com', password: `Aa1#${'x'.repeat(200)}`, first_name: 'A', last_name: 'B' },
    ],
    ['an empty first name', { email: 'empty@example.com', password: GOOD_PASSWORD, first_name: '  ', last_name: 'B' }],
    [
      'a too long last name',
      { email: 'ln@example.com', password: GOOD_PASSWORD, first_name: 'A', last_name: 'x'.repeat(61) },
    ],
    ['a number for a name', { email: 'num@example.com', password: GOOD_PASSWORD, first_name: 5, last_name: 'B' }],
    [
      'a role it may not set',
      { email: 'role@example.com', password: GOOD_PASSWORD, first_name: 'A', last_name: 'B', role: 'admin' },
    ],
    [
      'a status it may not set',
      { email: 'st@example.com', password: GOOD_PASSWORD, first_name: 'A', last_name: 'B', student_status: 1 },
    ],
    ['an array', [1, 2]],
  ])('refuses %s with 400 and stores nothing', async (_label, payload) => {
    const before = await ctx.database.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const response = await ctx.app.inject({ method: 'POST', url: '/students', payload: payload as object });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
    const after = await ctx.database.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps mail in the outbox while the SMTP server refuses, and delivers it when it accepts again', async () => {
    const email = uniqueEmail('retry');
    smtp.refuse(true);
    await signup(ctx.app, email);
    await worker.runOnce();
    let row = await lastMailTo(ctx, email);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/451|unavailable/i);
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now() + 20_000);

    smtp.refuse(false);
    await ctx.database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    await worker.runOnce();
    row = await lastMailTo(ctx, email);
    expect(row.status).toBe('sent');
    expect(smtp.messages.some((m) => m.to.includes(email))).toBe(true);
  });
});

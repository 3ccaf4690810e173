import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  accountLimits,
  bearer,
  lastMailTo,
  signup,
  tokenFromLink,
  uniqueEmail,
  verifiedStudent,
} from '../../../test/accounts-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { messages } from '../../contracts/messages.js';
import { AttemptLimiter } from '../auth/attempt-limiter.js';
import { seedIfEmpty } from '../db/seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: 'Teacher#2026x' }, undefined, {
    ipRateLimits: { login: 1000, signup: 1000, email: 1000 },
    accountLimits: accountLimits({
      loginFailures: new AttemptLimiter(5, 60_000),
      accountFailures: new AttemptLimiter(5, 60_000),
      slowdown: { stepMs: 100, maxMs: 250 },
      emailsPerAccount: new AttemptLimiter(2, 60_000),
    }),
  });
  await seedIfEmpty(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const login = (email: string, password: string, address = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/students/login', payload: { email, password }, remoteAddress: address });

describe('login and logout', () => {
  it('logs a verified student in, case-insensitively, and tells the client the role', async () => {
    const { email } = await verifiedStudent(ctx);
    const response = await login(email.toUpperCase(), GOOD_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.attributes).toMatchObject({ email, role: 'student' });
  });

  it('logs the admin account in with the admin role', async () => {
    const response = await login('teacher@example.com', 'Teacher#2026x');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes.role).toBe('admin');
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const { email } = await verifiedStudent(ctx);
    const wrong = await login(email, 'Wrong#password1');
    const unknown = await login(uniqueEmail('ghost'), 'Wrong#password1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors).toEqual([messages.invalidCredentials]);
  });

  it('tells an unverified account to verify its email', async () => {
    const email = uniqueEmail();
    await signup(ctx.app, email);
    const response = await login(email, GOOD_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errors: [messages.emailNotVerified], code: 'emailNotVerified' });
  });

  it('locks one address out of an account after repeated failures from it, even with the right password', async () => {
    const { email } = await verifiedStudent(ctx);
    for (let i = 0; i < 5; i += 1)
      expect((await login(email, 'Wrong#password1', '198.51.100.40')).statusCode).toBe(401);
    const locked = await login(email, GOOD_PASSWORD, '198.51.100.40');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors).toEqual([messages.tooManyAttempts]);
    // The owner, at another address, gets in.
    expect((await login(email, GOOD_PASSWORD, '198.51.100.41')).statusCode).toBe(200);
  });

  it("lifts an address's lockout from an account once its password is reset through the email", async () => {
    const { email } = await verifiedStudent(ctx);
    for (let i = 0; i < 5; i += 1) await login(email, 'Wrong#password1', '198.51.100.42');
    expect((await login(email, GOOD_PASSWORD, '198.51.100.42')).statusCode).toBe(429);
    await ctx.app.inject({ method: 'POST', url: '/forgot_password', payload: { email } });
    await ctx.app.afterAnswer.settled();
    expect((await lastMailTo(ctx, email)).subject).toContain('Reset');
    const resetToken = tokenFromLink((await lastMailTo(ctx, email)).text_body);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/reset_password',
      headers: bearer(resetToken),
      payload: { email, password: 'Ritchie#C1972' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, 'Ritchie#C1972', '198.51.100.42')).statusCode).toBe(200);
  });

  it('a stranger guessing from rotating addresses cannot lock the teacher out: the account is slowed, never refused', async () => {
    for (let i = 0; i < 12; i += 1)
      expect((await login('teacher@example.com', 'Wrong#password1', `203.0.113.${i + 1}`)).statusCode).toBe(401);
    const started = Date.now();
    const owner = await login('teacher@example.com', 'Teacher#2026x', '192.0.2.10');
    expect(owner.statusCode).toBe(200);
    // 12 failures, 5 free: slowed by min(7 x 100 ms, 250 ms).
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    // A success clears the account's failures.
    expect(
      await ctx.database.db
        .selectFrom('counters')
        .select('key')
        .where('key', 'like', 'account-login-failures:teacher@%')
        .execute(),
    ).toEqual([]);
  });

  it('refuses malformed login input with 400', async () => {
    for (const payload of [
      {},
      { email: 'a@b.c' },
      { email: 5, password: 'x' },
      { email: 'a@b.c', password: 'x'.repeat(2000) },
    ]) {
      expect((await ctx.app.inject({ method: 'POST', url: '/students/login', payload })).statusCode).toBe(400);
    }
  });

  it('logout revokes the session on the server, keeping when it was last used', async () => {
    const { token, id } = await verifiedStudent(ctx);
    const before = new Date().toISOString();
    const out = await ctx.app.inject({ method: 'POST', url: '/students/logout', headers: bearer(token) });
    expect(out.json()).toEqual({ message: messages.loggedOut });
    const visit = await ctx.database.db
      .selectFrom('student_visits')
      .select('active_at')
      .where('student_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(new Date(visit.active_at!).toISOString() >= before).toBe(true);
    const after = await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().errors).toEqual([messages.sessionExpired]);
  });

  it("accepts the original client's `token` header as well as a bearer token", async () => {
    const { token } = await verifiedStudent(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: { token } });
    expect(response.statusCode).toBe(200);
  });

  it('ends a session after a period without use', async () => {
    const { token, id } = await verifiedStudent(ctx);
    await ctx.database.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('student_id', '=', id)
      .execute();
    expect((await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('refuses anonymous and garbage tokens with 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/students/profile' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer('garbage') })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer('x'.repeat(43)) })).statusCode,
    ).toBe(401);
  });

  it('keeps admin routes from students (403) and anonymous callers (401)', async () => {
    const { token } = await verifiedStudent(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: bearer(token) })).statusCode,
    ).toBe(403);
    const admin = (await login('teacher@example.com', 'Teacher#2026x')).json().meta.token;
    const outbox = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: bearer(admin) });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json().length).toBeGreaterThan(0);
  });
});

describe('forgot, reset and change password', () => {
  it('answers forgot-password the same for known and unknown emails, and mails a one-hour link', async () => {
    const { email } = await verifiedStudent(ctx);
    const known = await ctx.app.inject({ method: 'POST', url: '/forgot_password', payload: { email } });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/forgot_password',
      payload: { email: uniqueEmail('nobody') },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: messages.forgotPasswordSent });
    expect(unknown.json()).toEqual(known.json());
    await ctx.app.afterAnswer.settled();
    const mail = await lastMailTo(ctx, email);
    expect(mail.subject).toBe('Reset your C Programming Learning Hub password');
    expect(mail.text_body).toContain('http://course.test/ResetPassword?token=');
    expect(mail.text_body).toContain('expires in one hour');
  });

  it('resets the password with the emailed token, ends every session, and works once', async () => {
    const { email, token: oldSession } = await verifiedStudent(ctx);
    await ctx.app.inject({ method: 'POST', url: '/forgot_password', payload: { email } });
    await ctx.app.afterAnswer.settled();
    expect((await lastMailTo(ctx, email)).subject).toContain('Reset');
    const resetToken = tokenFromLink((await lastMailTo(ctx, email)).text_body);
    const newPassword = 'Ritchie#C1972';

    const wrongEmail = await ctx.app.inject({
      method: 'POST',
      url: '/reset_password',
      headers: bearer(resetToken),
      payload: { email: 'other@example.com', password: newPassword },
    });
    expect(wrongEmail.statusCode).toBe(400);

    // The original client calls the path with a doubled slash and sends the token both ways.
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '//reset_password',
      headers: { ...bearer(resetToken), token: resetToken },
      payload: { email: email.toUpperCase(), password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: messages.passwordResetSuccessful });

    expect(
      (await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(oldSession) })).statusCode,
    ).toBe(401);
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, newPassword)).statusCode).toBe(200);

    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/reset_password',
      headers: bearer(resetToken),
      payload: { email, password: 'Another#pass9' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().errors).toEqual([messages.resetLinkInvalid]);
  });

  it('refuses a reset with no token, a garbage token, an expired token or a weak password', async () => {
    const { email } = await verifiedStudent(ctx);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/reset_password', payload: { email, password: 'Ritchie#C1972' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/reset_password',
          headers: bearer('garbage-garbage-garbage'),
          payload: { email, password: 'Ritchie#C1972' },
        })
      ).statusCode,
    ).toBe(400);
    await ctx.app.inject({ method: 'POST', url: '/forgot_password', payload: { email } });
    await ctx.app.afterAnswer.settled();
    expect((await lastMailTo(ctx, email)).subject).toContain('Reset');
    const resetToken = tokenFromLink((await lastMailTo(ctx, email)).text_body);
    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/reset_password',
      headers: bearer(resetToken),
      payload: { email, password: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    await ctx.database.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('purpose', '=', 'reset_password')
      .execute();
    const expired = await ctx.app.inject({
      method: 'POST',
      url: '/reset_password',
      headers: bearer(resetToken),
      payload: { email, password: 'Ritchie#C1972' },
    });
    expect(expired.statusCode).toBe(400);
  });

  it('caps reset emails per account without changing the answer', async () => {
    const { email } = await verifiedStudent(ctx);
    for (let i = 0; i < 4; i += 1) {
      const response = await ctx.app.inject({ method: 'POST', url: '/forgot_password', payload: { email } });
      expect(response.json()).toEqual({ message: messages.forgotPasswordSent });
    }
    await ctx.app.afterAnswer.settled();
    const mails = await ctx.database.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', email)
      .execute();
    // One verification email at signup, then resets until the per-account cap (2 in this test) is reached.
    expect(mails.filter((m) => m.subject.startsWith('Reset')).length).toBe(1);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const { email, token } = await verifiedStudent(ctx);
    const other = (await login(email, GOOD_PASSWORD)).json().meta.token;
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/change_password',
      headers: bearer(token),
      payload: { current_password: 'Nope#12345', password: 'Thompson#B1969' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([messages.wrongCurrentPassword]);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/change_password',
      headers: bearer(token),
      payload: { current_password: GOOD_PASSWORD, password: 'Thompson#B1969' },
    });
    expect(changed.json()).toEqual({ message: messages.passwordChanged });
    expect((await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/students/profile', headers: bearer(other) })).statusCode).toBe(
      401,
    );
    expect((await login(email, 'Thompson#B1969')).statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/change_password',
          payload: { current_password: 'x', password: 'Thompson#B1969' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('per-IP rate limits', () => {
  it('answers 429 JSON past the limit', async () => {
    const limited = await createTestApp({}, undefined, { ipRateLimits: { login: 3, signup: 3, email: 3 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        codes.push(
          (await limited.app.inject({ method: 'POST', url: '/forgot_password', payload: { email: 'x@example.com' } }))
            .statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const last = await limited.app.inject({
        method: 'POST',
        url: '/students/login',
        payload: { email: 'x@example.com', password: 'y' },
      });
      expect(last.statusCode).toBe(401);
      const body = (
        await limited.app.inject({ method: 'POST', url: '/forgot_password', payload: { email: 'x@example.com' } })
      ).json();
      expect(body).toEqual({ errors: ['Too many requests. Please try again later.'], code: 'tooManyRequests' });
    } finally {
      await limited.close();
    }
  });

  it('cannot be dodged with a forged X-Forwarded-For from a client that is not a local proxy', async () => {
    const limited = await createTestApp({}, undefined, { ipRateLimits: { login: 3, signup: 3, email: 2 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/forgot_password',
          remoteAddress: '203.0.113.5',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { email: 'x@example.com' },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

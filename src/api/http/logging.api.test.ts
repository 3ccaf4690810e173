import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastMailTo, signup, tokenFromLink, uniqueEmail } from '../../../test/accounts-helpers.js';
import { captureLog } from '../../../test/log-capture.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { MailWorker } from '../mail/mail-worker.js';
import { loggerOptions, REDACTED, redactLinks, redactUrl, requestLogger } from './logging.js';

const { stream: sink, lines } = captureLog();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, {
    logger: { ...loggerOptions('trace'), stream: sink },
    ipRateLimits: { login: 1000, signup: 1000, email: 1000 },
  });
});
afterAll(() => ctx.close());

describe('no token in any log', () => {
  it('redacts tokens in query strings and secret-looking path segments', () => {
    const secret = 'Zx9_k2LmQp4RtV8wYb1nC3dE5fG7hJ0aS6uI';
    expect(redactUrl(`/StudentEmailVerified?token=${secret}`)).toBe(`/StudentEmailVerified?token=${REDACTED}`);
    expect(redactUrl(`/ResetPassword?token=short&page=2`)).toBe(`/ResetPassword?token=${REDACTED}&page=2`);
    expect(redactUrl(`/calendar/${secret}.ics`)).toBe(`/calendar/${REDACTED}`);
    const noDigit = 'ZxkLmQpRtVwYbnCdEfGhJaSuI_-ZxkLmQpRtVwYbnCd';
    expect(redactUrl(`/calendar/${noDigit}/sessions/12.ics`)).toBe(`/calendar/${REDACTED}/sessions/12.ics`);
    expect(redactUrl(`/x?next=${secret}`)).toBe(`/x?next=${REDACTED}`);
    expect(redactUrl('/students/getbatch?student_batch=3')).toBe('/students/getbatch?student_batch=3');
    expect(redactLinks(`Open http://course.test/ResetPassword?token=${secret} now`)).toBe(
      `Open http://course.test/ResetPassword?token=${REDACTED} now`,
    );
  });

  it('writes no session or reset token into the request log, at trace level, and none into a printed email', async () => {
    const email = uniqueEmail('logged');
    expect((await signup(ctx.app, email)).statusCode).toBe(201);
    const verifyToken = tokenFromLink((await lastMailTo(ctx, email)).text_body);
    const verify = await ctx.app.inject({
      method: 'GET',
      url: `/students/verify_email?token=${encodeURIComponent(verifyToken)}`,
    });
    const session = tokenFromLink(String(verify.headers.location));
    await ctx.app.inject({ method: 'GET', url: `/StudentEmailVerified?token=${encodeURIComponent(session)}` });
    await ctx.app.inject({ method: 'POST', url: '/forgot_password', payload: { email } });
    await ctx.app.afterAnswer.settled();
    const resetToken = tokenFromLink((await lastMailTo(ctx, email)).text_body);
    await ctx.app.inject({ method: 'GET', url: `/ResetPassword?token=${encodeURIComponent(resetToken)}` });
    await ctx.app.inject({
      method: 'GET',
      url: `/students/profile?token=${encodeURIComponent(session)}`,
      headers: { token: session, authorization: `Bearer ${session}` },
    });

    // Without SMTP_URL the worker prints every message to the log: its links are redacted there too.
    const worker = new MailWorker({
      db: ctx.database.db,
      log: pino({ level: 'trace' }, sink),
      from: 'site@course.test',
    });
    expect(await worker.runOnce()).toBeGreaterThan(0);

    const log = lines.join('');
    expect(log).toContain('/StudentEmailVerified?token=[redacted]');
    expect(log).toContain('/ResetPassword?token=[redacted]');
    expect(log).toContain('Verify my email: http://course.test/students/verify_email?token=[redacted]');
    for (const secret of [verifyToken, session, resetToken]) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });
});

describe("each request's logger", () => {
  it('is made only when a request writes a line at an enabled level, and that line carries the request id', async () => {
    const { stream, lines: written } = captureLog();
    const app = Fastify({ logger: { ...loggerOptions('warn'), stream }, childLoggerFactory: requestLogger });
    app.get('/quiet', async (request) => {
      request.log.info('not at warn');
      return { ok: true };
    });
    app.get('/loud', async (request) => {
      request.log.warn({ detail: 7 }, 'something to see');
      request.log.error('and more');
      return { ok: true };
    });
    try {
      const child = vi.spyOn(app.log, 'child');
      expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
      expect(child).not.toHaveBeenCalled();
      expect(written.join('')).toBe('');
      expect((await app.inject({ method: 'GET', url: '/loud' })).statusCode).toBe(200);
      expect(child).toHaveBeenCalledTimes(1);
      const logged = written
        .join('')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged).toMatchObject([
        { level: 40, msg: 'something to see', detail: 7, reqId: expect.stringMatching(/^req-/) },
        { level: 50, msg: 'and more' },
      ]);
      expect(logged[1]!.reqId).toBe(logged[0]!.reqId);
    } finally {
      await app.close();
    }
  });

  it('is made lazily by the site too: a GET that goes well at warn makes none', async () => {
    const { stream } = captureLog();
    const site = await createTestApp({}, undefined, { logger: { ...loggerOptions('warn'), stream } });
    try {
      const child = vi.spyOn(site.app.log, 'child');
      expect((await site.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(child).not.toHaveBeenCalled();
    } finally {
      await site.close();
    }
  });
});

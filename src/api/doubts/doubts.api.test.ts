import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastMailTo, verifiedStudent, createAdminTestApp } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

describe('doubts', () => {
  it('a student asks (optionally about a session), the admin answers, the student sees it and gets an email', async () => {
    const s = await verifiedStudent(ctx);
    const session = await ctx.database.db
      .selectFrom('course_sessions')
      .select(['id', 'session_number'])
      .orderBy('session_number')
      .executeTakeFirstOrThrow();
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/doubts',
      headers: bearer(s.token),
      payload: { question: 'Why does scanf need &?', session_id: session.id },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({
      question: 'Why does scanf need &?',
      session_number: session.session_number,
      answer: null,
    });
    const general = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/doubts',
      headers: bearer(s.token),
      payload: { question: 'Is there a book?' },
    });
    expect(general.json().session_id).toBeNull();

    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/doubts', headers: bearer(adminToken) });
    expect(
      list
        .json()
        .slice(0, 2)
        .map((d: { answered_at: string | null }) => d.answered_at),
    ).toEqual([null, null]);
    const answered = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/doubts/${asked.json().id}`,
      headers: bearer(adminToken),
      payload: { answer: 'scanf writes into the variable, so it needs its address.' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().answered_at).not.toBeNull();
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/doubts', headers: bearer(adminToken) });
    expect(after.json()[0].id).toBe(general.json().id);

    const mine = await ctx.app.inject({ method: 'GET', url: '/api/v1/doubts', headers: bearer(s.token) });
    expect(mine.json().find((d: { id: number }) => d.id === asked.json().id).answer).toBe(
      'scanf writes into the variable, so it needs its address.',
    );
    const mail = await lastMailTo(ctx, s.email);
    expect(mail.subject).toBe('Your teacher answered your doubt');
    expect(mail.text_body).toContain('needs its address');
  });

  it('keeps doubts private and refuses empty ones, unknown sessions, and students answering', async () => {
    const a = await verifiedStudent(ctx);
    const b = await verifiedStudent(ctx);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/doubts',
      headers: bearer(a.token),
      payload: { question: 'Private question' },
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/doubts', headers: bearer(b.token) })).json()).toEqual(
      [],
    );
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/doubts',
          headers: bearer(a.token),
          payload: { question: '   ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/doubts',
          headers: bearer(a.token),
          payload: { question: 'x', session_id: 999999 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/doubts',
          headers: bearer(a.token),
          payload: { question: 'x'.repeat(4001) },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/doubts/${asked.json().id}`,
          headers: bearer(b.token),
          payload: { answer: 'hack' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/doubts', headers: bearer(a.token) })).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: '/api/v1/admin/doubts/999999',
          headers: bearer(adminToken),
          payload: { answer: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/doubts/${asked.json().id}`,
          headers: bearer(adminToken),
          payload: { answer: '' },
        })
      ).statusCode,
    ).toBe(400);
  });
  it('a doubt asked from Step through keeps its run and step, for the teacher to open there', async () => {
    const s = await verifiedStudent(ctx);
    const trace = {
      code: 'int main(void) {\n  int *p = 0;\n  return *p;\n}\n',
      stdin: '3 4',
      files: [{ name: 'in.txt', content: '1 2' }],
      step: 2,
      line: 3,
    };
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/doubts',
      headers: bearer(s.token),
      payload: { question: 'At step 3 (line 3): why does it stop?', trace },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().trace).toEqual(trace);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/doubts', headers: bearer(adminToken) });
    expect(all.json().find((d: { id: number }) => d.id === asked.json().id).trace).toEqual(trace);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/v1/doubts', headers: bearer(s.token) });
    expect(mine.json()[0].trace).toEqual(trace);

    // A step past the limit, a negative line, a missing code: refused, nothing stored.
    for (const bad of [
      { ...trace, step: 100_001 },
      { ...trace, line: -1 },
      { stdin: '', files: [], step: 0, line: 0 },
      { ...trace, extra: true },
    ]) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/doubts',
        headers: bearer(s.token),
        payload: { question: 'Refused?', trace: bad },
      });
      expect(refused.statusCode).toBe(400);
    }
    const count = await ctx.database.db
      .selectFrom('doubts')
      .where('question', '=', 'Refused?')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

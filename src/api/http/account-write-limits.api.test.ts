import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, verifiedStudent } from '../../../test/accounts-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { WRITE_LIMIT_MESSAGE } from './account-write-limits.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, {
    ipRateLimits: { login: 1000, signup: 1000, email: 1000 },
    accountWriteLimits: { perMinute: 30 },
  });
});
afterAll(() => ctx.close());

const ask = (token: string, question: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/doubts',
    headers: bearer(token),
    payload: { question },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1`,
  });

describe('writes are rate-limited per account', () => {
  it('lets a student ask 20 doubts an hour, then answers 429 without storing more, whatever address the requests come from', async () => {
    const student = await verifiedStudent(ctx);
    const statuses = [];
    for (let i = 0; i < 25; i += 1)
      statuses.push((await ask(student.token, `Doubt ${i}: ${'x'.repeat(4000 - 12)}`)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    const refused = await ask(student.token, 'one more');
    expect(refused.json()).toEqual({ errors: [WRITE_LIMIT_MESSAGE], code: 'tooManyRequests' });
    const stored = await ctx.database.db
      .selectFrom('doubts')
      .select('id')
      .where('student_id', '=', student.id)
      .execute();
    expect(stored).toHaveLength(20);
    // Reading is not limited, and another student asks freely.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/doubts', headers: bearer(student.token) })).statusCode,
    ).toBe(200);
    const other = await verifiedStudent(ctx);
    expect((await ask(other.token, 'My own doubt')).statusCode).toBe(201);
  });

  it('limits every write of one account per minute, and never refuses its logout', async () => {
    const student = await verifiedStudent(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/students/${student.id}`,
        headers: bearer(student.token),
        payload: { mobile: '9876543210', city: `City ${i}`, country: 'India', study: 'BSc', institution: 'College' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const row = await ctx.database.db
      .selectFrom('students')
      .select('city')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(row.city).toBe('City 29');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/students/logout', headers: bearer(student.token) })).statusCode,
    ).toBe(200);
  });
});

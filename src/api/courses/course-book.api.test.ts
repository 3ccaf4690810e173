import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, verifiedStudent, createAdminTestApp } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

describe('course book and my batch', () => {
  it('the admin sets a Drive link, paid students get its preview address, unpaid students are told to pay', async () => {
    const s = await verifiedStudent(ctx);
    const put = (url: string, token = adminToken) =>
      ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/course_book', headers: bearer(token), payload: { url } });
    expect((await put('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing', s.token)).statusCode).toBe(
      403,
    );
    expect((await put('https://evil.example.com/file/d/1AbCdEfGhIjKlMnOp/view')).statusCode).toBe(400);
    expect((await put('http://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view')).statusCode).toBe(400);
    const saved = await put('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing');
    expect(saved.json()).toEqual({ preview_url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview' });
    expect((await put('https://drive.google.com/open?id=2ZyXwVuTsRqPoNmLk')).json().preview_url).toBe(
      'https://drive.google.com/file/d/2ZyXwVuTsRqPoNmLk/preview',
    );

    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/course_book', headers: bearer(s.token) })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/my_batch', headers: bearer(s.token) })).statusCode,
    ).toBe(403);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${s.id}`,
      headers: bearer(adminToken),
      payload: { student_status: 1 },
    });
    const book = await ctx.app.inject({ method: 'GET', url: '/api/v1/course_book', headers: bearer(s.token) });
    expect(book.json().preview_url).toBe('https://drive.google.com/file/d/2ZyXwVuTsRqPoNmLk/preview');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/my_batch', headers: bearer(s.token) })).json()).toEqual(
      { batch_number: null, start_date: null, meeting_link: null },
    );
    await ctx.app.inject({
      method: 'PATCH',
      url: '/students/update_batch',
      headers: bearer(adminToken),
      payload: { email: s.email, student_batch: 3 },
    });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/batches/3',
      headers: bearer(adminToken),
      payload: { start_date: '2027-05-01', meeting_link: 'https://meet.example.com/b3' },
    });
    // The meeting link shown is the student's own join address, which records the attendance.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/my_batch', headers: bearer(s.token) })).json()).toEqual(
      { batch_number: 3, start_date: '2027-05-01', meeting_link: expect.stringMatching(/^\/join\/[\w-]{43}$/) },
    );

    expect((await put('')).json()).toEqual({ preview_url: null });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/course_book', headers: bearer(s.token) })).json(),
    ).toEqual({ preview_url: null });
  });
});

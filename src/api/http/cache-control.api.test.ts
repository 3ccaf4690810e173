import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  GOOD_PASSWORD,
  signup,
  uniqueEmail,
  verifiedStudent,
} from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

describe('personal answers are not cached', () => {
  it('sends no-store on every answer that is personal or carries a token', async () => {
    const email = uniqueEmail('cache');
    const signedUp = await signup(ctx.app, email);
    expect(signedUp.headers['cache-control']).toBe('no-store');
    const student = await verifiedStudent(ctx);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/students/login',
      payload: { email: student.email, password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const calls: [string, string, string][] = [
      ['GET', '/students/profile', student.token],
      ['GET', '/students/send_names', student.token],
      ['GET', '/api/v1/payments', student.token],
      ['POST', '/api/v1/payments', student.token],
      ['GET', '/api/v1/admin/outbox', adminToken],
      ['GET', '/students', adminToken],
      ['GET', '/students/get_regd_students', adminToken],
      ['GET', '/api/v1/admin/payments', adminToken],
    ];
    for (const [method, url, token] of calls) {
      const response = await ctx.app.inject({ method: method as 'GET', url, headers: bearer(token) });
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(300);
      expect(response.headers['cache-control'], `${method} ${url}`).toBe('no-store');
    }
    expect(login.headers['cache-control']).toBe('no-store');
    const verify = await ctx.app.inject({ method: 'GET', url: '/students/verify_email?token=nope' });
    expect(verify.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'GET', url: '/students/profile' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('lets shared answers be kept by the browser and checked before use', async () => {
    const student = await verifiedStudent(ctx);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/students/${student.id}`,
      headers: bearer(adminToken),
      payload: { student_status: 1 },
    });
    const courses = await ctx.app.inject({ method: 'GET', url: '/courses/', headers: bearer(student.token) });
    expect(courses.statusCode).toBe(200);
    expect(courses.headers['cache-control']).toBe('private, no-cache');
    const testimonials = await ctx.app.inject({ method: 'GET', url: '/students/get_old_students' });
    expect(testimonials.headers['cache-control']).toBe('private, no-cache');
  });
});

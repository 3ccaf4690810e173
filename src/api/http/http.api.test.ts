import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('HTTP basics', () => {
  it('answers an unknown API path with 404 JSON', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/students/no_such_thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ errors: ['No route for GET /students/no_such_thing'], code: 'notFound' });
  });

  it('answers unknown paths for every method with 404 JSON, never a 500', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/nothing/here', payload: { a: 1 } });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors).toHaveLength(1);
    }
  });

  it('answers malformed JSON with 400 and an errors field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/students/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['The request body is not valid JSON.'], code: 'malformedJson' });
  });

  it('answers an over-large body with 413 JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/students/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payloadTooLarge');
  });

  it('routes a path with a doubled slash, and one with a trailing slash', async () => {
    for (const url of ['//healthz', '/students//get_old_students', '//students/get_old_students', '/healthz/']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('sends a strict Content-Security-Policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('razorpay');
  });

  it('sends the same security headers on every kind of response', async () => {
    const expected = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/healthz', '/nothing/here', '/courses/']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers).toMatchObject(expected);
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self';style-src 'self';style-src-attr 'unsafe-inline';" +
          "img-src 'self' data: blob: https://i.ytimg.com;font-src 'self';connect-src 'self';" +
          "frame-src https://www.youtube-nocookie.com https://drive.google.com;object-src 'none';base-uri 'none';" +
          "form-action 'self';frame-ancestors 'none'",
      );
      // Served over http here: no Strict-Transport-Security, which a browser would keep for a year.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('asks for https for a year when the site is served over https', async () => {
    const secure = await createTestApp({ APP_URL: 'https://course.example', ALLOW_TEST_GATEWAY: 'true' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });

  it('allows Razorpay origins only when live keys are configured', async () => {
    const live = await createTestApp({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret' });
    try {
      const response = await live.app.inject({ method: 'GET', url: '/healthz' });
      expect(String(response.headers['content-security-policy'])).toContain('https://checkout.razorpay.com');
    } finally {
      await live.close();
    }
  });
});

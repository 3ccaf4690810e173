import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, verifiedStudent } from '../../../test/accounts-helpers.js';
import { openEventStream } from '../../../test/sse-blocks.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { messages } from '../../contracts/messages.js';
import { buildApp } from '../app.js';

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, {
    ipRateLimits: { login: 1000, signup: 1000, email: 1000 },
    streamLimits: { perAddress: 3, total: 5, sessionCheckMs: 100 },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => ctx.close());

/** A stream from `address` (as the proxy in front would say); resolves with its answer's status and body. */
function stream(token: string, address: string, path = '/api/v1/notifications/stream') {
  let body = '';
  const opened = openEventStream(port, path, token, (block) => (body += `${block}\n\n`), {
    'x-forwarded-for': address,
  });
  return {
    ...opened,
    async answer(): Promise<{ status: number; body: () => string }> {
      const head = await opened.opened;
      return { status: head.statusCode ?? 0, body: () => body };
    },
    ended: () => opened.opened.then((head) => new Promise<void>((resolve) => head.once('end', resolve))),
  };
}

/** A stream refused before it starts is an ordinary answer: asked in-process. */
const refused = (token: string, address: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/notifications/stream',
    headers: { ...bearer(token), 'x-forwarded-for': address },
  });

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('event stream caps', () => {
  it('caps streams per client address (429) and per process (503 with Retry-After); other requests still answer', async () => {
    const students = await Promise.all([0, 1, 2, 3].map(() => verifiedStudent(ctx)));
    const open = [];
    // One address: three streams from three accounts, then 429 for a fourth account.
    for (const student of students.slice(0, 3)) {
      const s = stream(student.token, '198.51.100.7');
      expect((await s.answer()).status).toBe(200);
      open.push(s);
    }
    const fourth = await refused(students[3]!.token, '198.51.100.7');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().errors).toEqual([messages.streamsFromAddress]);
    expect(ctx.app.streamRegistry.open()).toBe(3);

    // Other addresses fill the process's five places; the sixth gets 503.
    for (const address of ['198.51.100.8', '198.51.100.9']) {
      const s = stream(students[3]!.token, address);
      expect((await s.answer()).status).toBe(200);
      open.push(s);
    }
    const full = await refused(students[3]!.token, '198.51.100.10');
    expect(full.statusCode).toBe(503);
    expect(full.headers['retry-after']).toBe('30');
    expect(full.json().errors).toEqual([messages.streamsServerFull]);

    // Ordinary requests still answer with every place taken.
    const unread = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/unread',
      headers: bearer(students[3]!.token),
    });
    expect(unread.statusCode).toBe(200);

    // A stream that ends gives its place back.
    open.shift()!.close();
    await waitFor(() => ctx.app.streamRegistry.open() === 4, 'the place given back');
    const again = stream(students[0]!.token, '198.51.100.7');
    expect((await again.answer()).status).toBe(200);
    open.push(again);
    for (const s of open) s.close();
    await waitFor(() => ctx.app.streamRegistry.open() === 0, 'every stream closed');
  });

  it('ends a session’s streams at its logout, at once here and within a check from another process', async () => {
    const student = await verifiedStudent(ctx);
    const s = stream(student.token, '198.51.100.20');
    expect((await s.answer()).status).toBe(200);
    const ended = s.ended();
    const logout = await ctx.app.inject({ method: 'POST', url: '/students/logout', headers: bearer(student.token) });
    expect(logout.statusCode).toBe(200);
    await ended;
    expect(ctx.app.streamRegistry.open()).toBe(0);

    // A logout through another process of the site: this one finds the session gone at its next check.
    const other = await buildApp({ config: ctx.config, db: ctx.database.db, dialect: ctx.database.dialect });
    try {
      const second = await verifiedStudent(ctx);
      const live = stream(second.token, '198.51.100.21');
      expect((await live.answer()).status).toBe(200);
      const liveEnded = live.ended();
      const started = Date.now();
      expect(
        (await other.inject({ method: 'POST', url: '/students/logout', headers: bearer(second.token) })).statusCode,
      ).toBe(200);
      await liveEnded;
      expect(Date.now() - started).toBeLessThan(3000);
      expect(ctx.app.streamRegistry.open()).toBe(0);
    } finally {
      await other.close();
    }
  });
});

/**
 * Slow and vanishing clients, over real sockets: a body trickled a byte at a time loses its connection after the
 * request timeout, and a client that hangs up mid-body is not taken for a database outage.
 */
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../../test/log-capture.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { loggerOptions } from './logging.js';

const { stream: sink, lines } = captureLog();

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, {
    logger: { ...loggerOptions('info'), stream: sink },
    timeouts: { requestMs: 2_000, headersMs: 1_500, idleMs: 10_000, checkIntervalMs: 250 },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

describe('slow clients', () => {
  it('closes a request whose body trickles in a byte at a time once the request timeout passes', async () => {
    const socket = await open();
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    const started = Date.now();
    socket.write(
      'POST /students/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    const at = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 15_000))]);
    clearInterval(trickle);
    socket.destroy();
    expect(at, 'the server closed the socket').toBeGreaterThan(0);
    // Closed after the 2 s request timeout (checked every 250 ms), long before the trickle would have ended (40 s).
    expect(at - started).toBeGreaterThanOrEqual(1_900);
    expect(at - started).toBeLessThan(6_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('does not log a client that hangs up mid-body as "database unavailable"', async () => {
    lines.length = 0;
    for (let i = 0; i < 20; i += 1) {
      const socket = await open();
      socket.on('error', () => undefined);
      socket.write(
        'POST /students/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":"a',
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = lines.join('');
    expect(log).not.toContain('database unavailable');
    expect(log).not.toMatch(/"level":50/);
    // The server is fine.
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

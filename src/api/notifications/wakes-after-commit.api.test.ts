import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import { eventData, openEventStream } from '../../../test/sse-blocks.js';
import { placeStudent } from '../../../test/schedule-rows.js';
import type { TestContext } from '../../../test/test-app.js';

/**
 * A notifying change wakes the mail worker and the people's open streams once it commits, with no service calling
 * either: the outbox and notify() register the wakes in the transaction (db/after-commit.ts). The streams never poll
 * here (an hour apart), so only a wake can reach them.
 */
let ctx: TestContext;
let adminToken: string;
let port: number;
/** Each wake of the mail worker, with the mail then committed (read on another connection with PostgreSQL). */
let wakes: Promise<number>[] = [];

const outboxCount = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp(
    {},
    { notificationPollMs: 60 * 60_000, onMailQueued: () => wakes.push(outboxCount()) },
  ));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => ctx.close());

const call = (method: 'POST', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: bearer(adminToken), payload });

async function paidStudent(batch: number) {
  const s = await verifiedStudent(ctx);
  await placeStudent(ctx.database.db, s.id, { status: 1, batch });
  return s;
}

function openStream(token: string) {
  const events: number[] = [];
  const { opened, close } = openEventStream(port, '/api/v1/notifications/stream', token, (block) => {
    const data = eventData<{ unread: number }>(block, 'unread');
    if (data) events.push(data.unread);
  });
  return {
    opened,
    close,
    async next(count: number): Promise<number> {
      const deadline = Date.now() + 5000;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${events.length} events: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return events[count - 1]!;
    },
  };
}

describe('wakes after commit', () => {
  it('a program sent to a batch wakes the mail worker once, after the commit, and each open stream', async () => {
    const students = [await paidStudent(761), await paidStudent(761), await paidStudent(761)];
    const streams = students.map((s) => openStream(s.token));
    for (const stream of streams) expect(await stream.next(1)).toBe(0);
    const program = (await call('POST', '/programs', { program_number: 7601, task: 'Count the words.' })).json();
    const before = await outboxCount();
    wakes = [];

    const sent = await call('POST', `/api/v1/programs/${program.id}/send`, { student_batch: 761 });
    expect(sent.statusCode).toBe(200);
    // Three messages, one transaction: one wake, which sees all three committed.
    expect(wakes).toHaveLength(1);
    expect(await wakes[0]).toBe(before + 3);
    for (const stream of streams) expect(await stream.next(2)).toBe(1);
    for (const stream of streams) stream.close();

    // Sent again, refused: nothing was written, so nothing is woken.
    const again = await call('POST', `/api/v1/programs/${program.id}/send`, { student_batch: 761 });
    expect(again.statusCode).toBe(409);
    expect(wakes).toHaveLength(1);
  });

  it('a comment on code wakes the student’s stream and the mail worker', async () => {
    const s = await paidStudent(762);
    const spId = (
      await call('POST', '/student_programs', { student_id: s.id, program_number: 7602, task: 'Sum.', solution: '' })
    ).json().id as number;
    const stream = openStream(s.token);
    expect(await stream.next(1)).toBe(1);
    const before = await outboxCount();
    wakes = [];

    const commented = await call('POST', `/api/v1/admin/student_programs/${spId}/comments`, { line: 1, body: 'Nice.' });
    expect(commented.statusCode).toBe(201);
    expect(wakes).toHaveLength(1);
    expect(await wakes[0]).toBe(before + 1);
    expect(await stream.next(2)).toBe(2);
    stream.close();
  });
});

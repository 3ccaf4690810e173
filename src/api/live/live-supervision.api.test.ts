import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdminTestApp,
  studentWithProgram as studentWithProgramOf,
} from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { eventData, openEventStream } from '../../../test/sse-blocks.js';
import { testDialect } from '../../../test/test-database.js';
import type { LiveChange } from '../../contracts/exercises/supervision.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { createLiveBus, RESYNC } from './live-bus.js';
import { COALESCE_MS } from './supervision-events.js';

/** Cross-process delivery exists only on PostgreSQL: on SQLite these tests are reported as skipped. */
const onPostgres = it.skipIf(testDialect() !== 'postgres');

let ctx: TestContext;
let adminToken: string;
let port: number;
const PROGRAM = 5101;
const OTHER_PROGRAM = 5102;

const call = (method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const studentWithProgram = (batch: number, programNumber = PROGRAM) =>
  studentWithProgramOf(ctx, adminToken, { batch, programNumber });

/** An open stream read over real HTTP: the changes of its `changes` events, each with when it arrived. */
function openStream(path: string, token?: string, onPort = port) {
  const events: { at: number; changes: LiveChange[] }[] = [];
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const { opened, close } = openEventStream(onPort, path, token, (block) => {
    if (block === ': open') started();
    const data = eventData<{ changes: LiveChange[] }>(block, 'changes');
    if (data) events.push({ at: Date.now(), changes: data.changes });
  });
  return {
    opened,
    /** Resolves once the server has subscribed the stream (its opening comment arrived). */
    ready,
    events,
    /** Every change heard so far, flattened. */
    changes: () => events.flatMap((e) => e.changes),
    async until(check: () => boolean, what: string): Promise<void> {
      const deadline = Date.now() + 5000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close,
  };
}

type Stream = ReturnType<typeof openStream>;
const supervise = (programNumber: number, batch?: number) =>
  `/api/v1/admin/supervision/stream?program_number=${programNumber}${batch ? `&student_batch=${batch}` : ''}`;
/** Long enough for a change that was going to reach a stream to have been gathered and sent. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, COALESCE_MS + 400));

async function openAll(...streams: Stream[]): Promise<void> {
  for (const s of streams) {
    expect((await s.opened).statusCode).toBe(200);
    await s.ready;
  }
}

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
  for (const program_number of [PROGRAM, OTHER_PROGRAM])
    expect((await call('POST', '/programs', adminToken, { program_number, task: 'Sum.' })).statusCode).toBe(201);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(() => ctx.close());

describe('live supervision streams', () => {
  it("a student's draft reaches the teacher's stream of that program and batch, and no other stream", async () => {
    const s = await studentWithProgram(42);
    const batch42 = openStream(supervise(PROGRAM, 42), adminToken);
    const everyone = openStream(supervise(PROGRAM), adminToken);
    const batch43 = openStream(supervise(PROGRAM, 43), adminToken);
    const otherProgram = openStream(supervise(OTHER_PROGRAM, 42), adminToken);
    const own = openStream(`/api/v1/student_programs/${s.spId}/stream`, s.token);
    try {
      await openAll(batch42, everyone, batch43, otherProgram, own);
      expect((await own.opened).headers['content-type']).toContain('text/event-stream');
      // A burst of saves is one event.
      const burstStarted = Date.now();
      for (const code of ['int main(void) {', 'int main(void) {}'])
        expect((await call('PUT', `/api/v1/student_programs/${s.spId}/draft`, s.token, { code })).statusCode).toBe(200);
      const saved = Date.now();
      await batch42.until(() => batch42.events.length > 0, 'the draft on the batch stream');
      await everyone.until(() => everyone.events.length > 0, 'the draft on the all-batches stream');
      expect(batch42.events[0]!.changes).toEqual([{ student_program_id: s.spId, kind: 'draft' }]);
      expect(everyone.changes()).toEqual([{ student_program_id: s.spId, kind: 'draft' }]);
      expect(batch42.events[0]!.at - saved).toBeLessThan(1000);
      await quiet();
      // Two saves that a slow machine spread over more than one gathering window may make two events, never more.
      if (saved - burstStarted < COALESCE_MS) expect(batch42.events).toHaveLength(1);
      else expect(batch42.events.length).toBeLessThanOrEqual(2);
      expect(batch42.changes().every((c) => c.student_program_id === s.spId && c.kind === 'draft')).toBe(true);
      expect(batch43.events).toEqual([]);
      expect(otherProgram.events).toEqual([]);
      // The student's own stream carries the teacher's comments, not their own saves.
      expect(own.events).toEqual([]);
    } finally {
      for (const st of [batch42, everyone, batch43, otherProgram, own]) st.close();
    }
  });

  it("a comment reaches its student's stream (and the teacher's), not another student's", async () => {
    const s = await studentWithProgram(42);
    const other = await studentWithProgram(42);
    const mine = openStream(`/api/v1/student_programs/${s.spId}/stream`, s.token);
    const theirs = openStream(`/api/v1/student_programs/${other.spId}/stream`, other.token);
    const teacher = openStream(supervise(PROGRAM, 42), adminToken);
    try {
      await openAll(mine, theirs, teacher);
      const commented = await call('POST', `/api/v1/admin/student_programs/${s.spId}/comments`, adminToken, {
        line: 1,
        body: 'Check the return value of scanf.',
      });
      expect(commented.statusCode).toBe(201);
      await mine.until(() => mine.events.length > 0, "the comment on the student's stream");
      expect(mine.changes()).toEqual([{ student_program_id: s.spId, kind: 'comment' }]);
      await teacher.until(() => teacher.events.length > 0, "the comment on the teacher's stream");
      expect(teacher.changes()).toEqual([{ student_program_id: s.spId, kind: 'comment' }]);
      await quiet();
      expect(theirs.events).toEqual([]);
    } finally {
      for (const st of [mine, theirs, teacher]) st.close();
    }
  });

  it("a released grade, and its correction, reach the student's stream; an unreleased one does not", async () => {
    const programs = (await call('GET', '/programs', adminToken)).json() as { id: number; program_number: number }[];
    const program = programs.find((p) => p.program_number === OTHER_PROGRAM)!;
    await call('PUT', `/api/v1/programs/${program.id}/exercise`, adminToken, {
      rubric: [{ title: 'Style', points: 5 }],
    });
    const s = await studentWithProgram(43, OTHER_PROGRAM);
    const mine = openStream(`/api/v1/student_programs/${s.spId}/stream`, s.token);
    const grade = (scores: number[], release: boolean) =>
      call('PUT', `/api/v1/admin/student_programs/${s.spId}/grade`, adminToken, { scores, release });
    try {
      await openAll(mine);
      expect((await grade([2], false)).statusCode).toBe(200);
      await quiet();
      expect(mine.events).toEqual([]);
      expect((await grade([3], true)).statusCode).toBe(200);
      await mine.until(() => mine.events.length > 0, "the release on the student's stream");
      expect(mine.changes()).toEqual([{ student_program_id: s.spId, kind: 'grade' }]);
      mine.events.length = 0;
      expect((await grade([4], false)).statusCode).toBe(200);
      await mine.until(() => mine.events.length > 0, "the correction on the student's stream");
      expect(mine.changes()).toEqual([{ student_program_id: s.spId, kind: 'grade' }]);
    } finally {
      mine.close();
    }
  });

  it('is refused to anyone not signed in, a student on the teacher’s stream or another’s program, and past five', async () => {
    const s = await studentWithProgram(42);
    const other = await studentWithProgram(42);
    expect((await openStream(supervise(PROGRAM)).opened).statusCode).toBe(401);
    expect((await openStream(`/api/v1/student_programs/${s.spId}/stream`).opened).statusCode).toBe(401);
    expect((await openStream(supervise(PROGRAM), s.token).opened).statusCode).toBe(403);
    expect((await openStream(`/api/v1/student_programs/${s.spId}/stream`, other.token).opened).statusCode).toBe(404);
    expect((await openStream(`/api/v1/student_programs/${s.spId}/stream`, adminToken).opened).statusCode).toBe(404);
    expect((await openStream('/api/v1/admin/supervision/stream', adminToken).opened).statusCode).toBe(400);
    expect((await call('HEAD', supervise(PROGRAM), adminToken)).statusCode).toBe(404);

    const five = Array.from({ length: 5 }, () => openStream(`/api/v1/student_programs/${s.spId}/stream`, s.token));
    try {
      await openAll(...five);
      const sixth = openStream(`/api/v1/student_programs/${s.spId}/stream`, s.token);
      expect((await sixth.opened).statusCode).toBe(429);
      // Another account has its own five.
      const theirs = openStream(`/api/v1/student_programs/${other.spId}/stream`, other.token);
      expect((await theirs.opened).statusCode).toBe(200);
      theirs.close();
    } finally {
      for (const st of five) st.close();
    }
    // A closed stream gives its place back.
    const deadline = Date.now() + 5000;
    for (;;) {
      const again = openStream(`/api/v1/student_programs/${s.spId}/stream`, s.token);
      const status = (await again.opened).statusCode;
      again.close();
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error('the closed streams never gave their places back');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  onPostgres(
    'a draft saved through one process reaches a stream open on another (PostgreSQL LISTEN/NOTIFY)',
    async () => {
      const s = await studentWithProgram(42);
      // A second process of the site on the same database: its own pool and its own LISTEN connection.
      const handle = openDatabase(ctx.database.url);
      let other: FastifyInstance | undefined;
      try {
        other = await buildApp({ config: ctx.config, db: handle.db, dialect: 'postgres' });
        await other.listen({ port: 0, host: '127.0.0.1' });
        expect(other.liveBus.listening()).toBe(true);
        const otherPort = (other.server.address() as { port: number }).port;
        const stream = openStream(supervise(PROGRAM, 42), adminToken, otherPort);
        try {
          await openAll(stream);
          const latencies: number[] = [];
          for (let i = 0; i < 3; i += 1) {
            const saved = await call('PUT', `/api/v1/student_programs/${s.spId}/draft`, s.token, { code: `// ${i}` });
            expect(saved.statusCode).toBe(200);
            const answered = Date.now();
            await stream.until(() => stream.events.length > i, `draft ${i} on the other process`);
            latencies.push(stream.events[i]!.at - answered);
          }
          expect(stream.changes()[0]).toEqual({ student_program_id: s.spId, kind: 'draft' });
          // Gathered for COALESCE_MS, then sent: well under a second either way.
          expect(Math.max(...latencies)).toBeLessThan(1000);
        } finally {
          stream.close();
        }
      } finally {
        await other?.close();
        await handle.destroy();
      }
    },
  );

  onPostgres(
    'after its LISTEN connection drops, a process reconnects once and makes up for a change it could not announce',
    async () => {
      const named = (name: string) =>
        `${ctx.database.url}${ctx.database.url.includes('?') ? '&' : '?'}application_name=${name}`;
      const connections = async (name: string) =>
        Number(
          (
            await sql<{
              n: number;
            }>`select count(*) as n from pg_stat_activity where application_name = ${name}`.execute(ctx.database.db)
          ).rows[0]?.n,
        );
      const until = async (done: () => boolean | Promise<boolean>, what: string) => {
        const deadline = Date.now() + 5000;
        while (!(await done())) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const a = createLiveBus({ log: ctx.app.log, postgresUrl: named('live_bus_a') });
      const b = createLiveBus({ log: ctx.app.log, postgresUrl: named('live_bus_b') });
      try {
        await Promise.all([a.start(), b.start()]);
        const heard: string[] = [];
        b.subscribe('topic', (payload) => heard.push(`topic:${String(payload)}`));
        b.subscribe(RESYNC, () => heard.push('resync'));

        await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'live_bus_a'`.execute(
          ctx.database.db,
        );
        await until(() => !a.listening(), 'the drop to be noticed');
        // Published while A has no connection: not sent, and no connection of its own opened for it.
        a.publish('topic', 1);
        await until(() => a.listening(), 'A to reconnect');
        await until(() => heard.includes('resync'), 'B to hear that it missed something');
        expect(heard).toEqual(['resync']);
        expect(await connections('live_bus_a')).toBe(1);

        a.publish('topic', 2);
        await until(() => heard.length === 2, 'the next event');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heard).toEqual(['resync', 'topic:2']);
      } finally {
        await a.close();
        await b.close();
      }
      await until(async () => (await connections('live_bus_a')) + (await connections('live_bus_b')) === 0, 'closed');
    },
  );

  it('ends open streams when the app closes', async () => {
    const s = await studentWithProgram(42);
    const handle = ctx.database.dialect === 'postgres' ? openDatabase(ctx.database.url) : undefined;
    const other = await buildApp({
      config: ctx.config,
      db: handle?.db ?? ctx.database.db,
      dialect: ctx.database.dialect,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const stream = openStream(
      `/api/v1/student_programs/${s.spId}/stream`,
      s.token,
      (other.server.address() as { port: number }).port,
    );
    await openAll(stream);
    const res = await stream.opened;
    const ended = new Promise<void>((resolve) => res.once('end', () => resolve()));
    // The close would wait for the stream's client without the preClose hook.
    await other.close();
    await ended;
    await handle?.destroy();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp, verifiedStudent } from '../../../test/accounts-helpers.js';
import {
  INDEPENDENT,
  ORIGINAL,
  RENAMED_AND_REORDERED,
  repetitiveProgram,
  STARTER,
} from '../../../test/similarity-samples.js';
import type { TestContext } from '../../../test/test-app.js';
import {
  SIMILARITY_MAX_LINES,
  type SimilarityPair,
  type SimilarityState,
  similarityMessages,
} from '../../contracts/similarity.js';
import { MAX_FRAGMENTS_PER_PAIR } from './similarity-analysis.js';
import { createSimilarityService } from './similarity.service.js';

let ctx: TestContext;
let adminToken: string;
let studentToken: string;

const PROGRAM = 9301;
const LONELY_PROGRAM = 9302;
const BATCH = 41;
const OTHER_BATCH = 42;
const ids: Record<'original' | 'copy' | 'independent' | 'huge' | 'otherBatch', number> = {} as never;
const studentPrograms: Record<number, number> = {};

const url = (program = PROGRAM, batch = BATCH) => `/api/v1/admin/similarity/${program}/${batch}`;
const asAdmin = (method: 'GET' | 'POST', path: string) =>
  ctx.app.inject({ method, url: path, headers: bearer(adminToken) });

async function student(batch: number, first: string, last: string): Promise<number> {
  const s = await verifiedStudent(ctx);
  await ctx.database.db
    .updateTable('students')
    .set({ first_name: first, last_name: last, student_batch: batch, student_status: 1 })
    .where('id', '=', s.id)
    .execute();
  return s.id;
}

async function submit(studentId: number, program: number, code: string): Promise<void> {
  const db = ctx.database.db;
  let sp = studentPrograms[studentId * 100_000 + program];
  if (!sp) {
    sp = (
      await db
        .insertInto('student_programs')
        .values({ student_id: studentId, program_number: program, task: `Program ${program}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    studentPrograms[studentId * 100_000 + program] = sp;
  }
  await db
    .insertInto('submissions')
    .values({ student_program_id: sp, code, status: 'graded', score: 1, total: 1, result: '{}' })
    .execute();
}

async function waitForEnd(program = PROGRAM, batch = BATCH, polls = 200): Promise<SimilarityState> {
  const seen: string[] = [];
  for (let i = 0; i < polls; i++) {
    const state = (await asAdmin('GET', url(program, batch))).json() as SimilarityState;
    seen.push(state.run!.status);
    if (state.run!.status !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`still running: ${seen.join(',')}`);
}

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
  const db = ctx.database.db;
  await db.insertInto('programs').values({ program_number: PROGRAM, task: 'Primes', starter_code: STARTER }).execute();
  await db.insertInto('programs').values({ program_number: LONELY_PROGRAM, task: 'Lonely' }).execute();
  ids.original = await student(BATCH, 'Ada', 'Original');
  ids.copy = await student(BATCH, 'Bob', 'Copy');
  ids.independent = await student(BATCH, 'Cy', 'Independent');
  ids.huge = await student(BATCH, 'Dee', 'Huge');
  ids.otherBatch = await student(OTHER_BATCH, 'Eve', 'Elsewhere');
  // An earlier submission of the copier's: the check compares each student's latest only.
  await submit(ids.copy, PROGRAM, INDEPENDENT);
  await submit(ids.original, PROGRAM, ORIGINAL);
  await submit(ids.copy, PROGRAM, RENAMED_AND_REORDERED);
  await submit(ids.independent, PROGRAM, INDEPENDENT);
  await submit(ids.huge, PROGRAM, 'int x;\n'.repeat(SIMILARITY_MAX_LINES + 1));
  await submit(ids.otherBatch, PROGRAM, ORIGINAL);
  await submit(ids.original, LONELY_PROGRAM, ORIGINAL);
  studentToken = (await verifiedStudent(ctx)).token;
}, 60_000);
afterAll(() => ctx.close());

describe('similarity check', () => {
  it('refuses anonymous callers and students', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await ctx.app.inject({ method, url: url() })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method, url: url(), headers: bearer(studentToken) })).statusCode).toBe(403);
    }
    const pair = await ctx.app.inject({ method: 'GET', url: `${url()}/pairs/1`, headers: bearer(studentToken) });
    expect(pair.statusCode).toBe(403);
  });

  it('says when no check has been run, and refuses an unknown program or too few submissions', async () => {
    expect((await asAdmin('GET', url())).json()).toEqual({ program: PROGRAM, batch: BATCH, run: null });
    const unknown = await asAdmin('POST', url(9399));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([similarityMessages.noProgram(9399)]);
    const lonely = await asAdmin('POST', url(LONELY_PROGRAM));
    expect(lonely.statusCode).toBe(400);
    expect(lonely.json().errors).toEqual([similarityMessages.tooFew(LONELY_PROGRAM, BATCH, 1)]);
    const none = await asAdmin('POST', url(PROGRAM, 43));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([similarityMessages.tooFew(PROGRAM, 43, 0)]);
    expect((await asAdmin('GET', `${url()}/pairs/1`)).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/v1/admin/similarity/abc/1')).statusCode).toBe(400);
    expect((await asAdmin('GET', url(LONELY_PROGRAM))).json().run).toBeNull();
  });

  it('runs in a process of its own, refuses a second run meanwhile, and ranks the disguised copy first', async () => {
    const started = await asAdmin('POST', url());
    expect(started.statusCode).toBe(202);
    expect(started.json().run).toMatchObject({ status: 'running', progress: { done: 0, total: 3 }, pairs: [] });
    const again = await asAdmin('POST', url());
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([similarityMessages.running(PROGRAM, BATCH)]);

    const { run } = await waitForEnd();
    expect(run).toMatchObject({ status: 'done', phase: 'done', error: null, starter_code_ignored: true });
    expect(run!.finished_at).not.toBeNull();
    expect(run!.progress.done).toBe(run!.progress.total);
    expect(run!.students.map((s) => s.student_id).sort()).toEqual([ids.original, ids.copy, ids.independent].sort());
    // The huge file is left out and listed with the reason; the other batch's student is not in it at all.
    expect(run!.left_out).toEqual([
      { student_id: ids.huge, first_name: 'Dee', last_name: 'Huge', reason: similarityMessages.tooLarge },
    ]);
    expect(run!.pairs).toHaveLength(3);
    const first = run!.pairs[0]!;
    expect([first.left_student_id, first.right_student_id].sort()).toEqual([ids.original, ids.copy].sort());
    expect(first).toMatchObject({ rank: 1 });
    expect(first.similarity).toBeGreaterThan(0.8);
    expect(first.fragments).toBeGreaterThan(0);
    for (const pair of run!.pairs.slice(1)) expect(pair.similarity).toBeLessThan(0.3);
  });

  it('shows a pair side by side as compared, kept when the students hand in again', async () => {
    const before = (await asAdmin('GET', `${url()}/pairs/1`)).json() as SimilarityPair;
    const codes = new Map([before.left, before.right].map((s) => [s.student_id, s.code]));
    expect(codes.get(ids.original)).toBe(ORIGINAL);
    expect(codes.get(ids.copy)).toBe(RENAMED_AND_REORDERED);
    expect(before.fragments.length).toBeGreaterThan(0);
    for (const f of before.fragments) expect(f.left.start_row).toBeLessThanOrEqual(f.left.end_row);

    await submit(ids.copy, PROGRAM, INDEPENDENT);
    const after = (await asAdmin('GET', `${url()}/pairs/1`)).json() as SimilarityPair;
    expect(after).toEqual(before);
    expect((await asAdmin('GET', `${url()}/pairs/4`)).statusCode).toBe(404);
  });

  it('replaces the kept result with the next run', async () => {
    expect((await asAdmin('POST', url())).statusCode).toBe(202);
    const { run } = await waitForEnd();
    expect(run!.status).toBe('done');
    // The copier's new hand-in is the independent solution: now that pair matches, not the old one.
    const first = run!.pairs[0]!;
    expect([first.left_student_id, first.right_student_id].sort()).toEqual([ids.copy, ids.independent].sort());
  });

  it('lets a new run replace at once one left running by a process that died a minute ago', async () => {
    const db = ctx.database.db;
    // A kill -9 a minute ago: the check's own time limit (10 minutes) is far from over, its heartbeat is not.
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    await db
      .updateTable('similarity_runs')
      .set({ status: 'running', phase: 'comparing', started_at: minuteAgo, heartbeat_at: minuteAgo, result: null })
      .where('program_number', '=', PROGRAM)
      .execute();
    const abandoned = (await asAdmin('GET', url())).json() as SimilarityState;
    expect(abandoned.run).toMatchObject({ status: 'failed', error: similarityMessages.abandoned });
    expect((await asAdmin('POST', url())).statusCode).toBe(202);
    expect((await waitForEnd()).run!.status).toBe('done');
  });

  it('writes a check left by a process that died as failed when a process starts, so it shows and reruns as such', async () => {
    const db = ctx.database.db;
    const minuteAgo = new Date(Date.now() - 60_000).toISOString();
    await db
      .updateTable('similarity_runs')
      .set({ status: 'running', phase: 'fragments', started_at: minuteAgo, heartbeat_at: minuteAgo, result: null })
      .where('program_number', '=', PROGRAM)
      .execute();
    // What a process does as it starts (the site makes its service then).
    const restarted = createSimilarityService({ db });
    await restarted.close();
    const row = await db
      .selectFrom('similarity_runs')
      .select(['status', 'error'])
      .where('program_number', '=', PROGRAM)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error: similarityMessages.abandoned });
    // A check whose owner is alive (its heartbeat is fresh) is left alone.
    const now = new Date().toISOString();
    await db
      .updateTable('similarity_runs')
      .set({ status: 'running', phase: 'comparing', started_at: minuteAgo, heartbeat_at: now, error: null })
      .where('program_number', '=', PROGRAM)
      .execute();
    await createSimilarityService({ db }).close();
    expect((await asAdmin('GET', url())).json().run.status).toBe('running');
    expect((await asAdmin('POST', url())).statusCode).toBe(409);
    await db
      .updateTable('similarity_runs')
      .set({ status: 'failed', phase: 'failed' })
      .where('program_number', '=', PROGRAM)
      .execute();
  });

  it('runs checks started together one after another: both finish', async () => {
    const second = 9303;
    await ctx.database.db.insertInto('programs').values({ program_number: second, task: 'Primes again' }).execute();
    for (const [who, code] of [
      [ids.original, ORIGINAL],
      [ids.copy, RENAMED_AND_REORDERED],
      [ids.independent, INDEPENDENT],
    ] as const)
      await submit(who, second, code);
    const [a, b] = await Promise.all([asAdmin('POST', url()), asAdmin('POST', url(second))]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    const [endA, endB] = await Promise.all([waitForEnd(), waitForEnd(second)]);
    expect(endA.run).toMatchObject({ status: 'done', error: null });
    expect(endB.run).toMatchObject({ status: 'done', error: null });
    expect(endB.run!.pairs).toHaveLength(3);
  });

  it('leaves out a submission the parser cannot take, listed with the reason, and keeps each pair small', async () => {
    const program = 9304;
    await ctx.database.db.insertInto('programs').values({ program_number: program, task: 'Nesting' }).execute();
    const deep = `int main(void) { return ${'('.repeat(29_000)}1${')'.repeat(29_000)}; }\n`;
    const repeated = `int main(void) {\n${'  x = x + 1; y = y * x;\n  y = y - x; x = y % 7;\n'.repeat(150)}}\n`;
    await submit(ids.original, program, repeated);
    await submit(ids.copy, program, repeated);
    await submit(ids.independent, program, deep);
    expect((await asAdmin('POST', url(program))).statusCode).toBe(202);
    const { run } = await waitForEnd(program);
    expect(run).toMatchObject({ status: 'done', error: null });
    expect(run!.left_out).toEqual([
      {
        student_id: ids.independent,
        first_name: 'Cy',
        last_name: 'Independent',
        reason: similarityMessages.unreadable,
      },
    ]);
    expect(run!.students.map((s) => s.student_id).sort()).toEqual([ids.original, ids.copy].sort());
    expect(run!.pairs).toHaveLength(1);
    // What is kept: each pair's fragments capped, the run's own row a few hundred bytes.
    const rows = await ctx.database.db
      .selectFrom('similarity_runs as r')
      .innerJoin('similarity_pairs as p', 'p.run_id', 'r.id')
      .select(['r.result', 'p.fragments', 'p.fragment_count'])
      .where('r.program_number', '=', program)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.fragment_count).toBeGreaterThan(MAX_FRAGMENTS_PER_PAIR);
    expect(rows[0]!.fragments.length).toBeLessThan(16_000);
    expect(rows[0]!.result!.length).toBeLessThan(2_000);
    const pair = (await asAdmin('GET', `${url(program)}/pairs/1`)).json() as SimilarityPair;
    expect(pair.fragments.length).toBe(MAX_FRAGMENTS_PER_PAIR);
    expect(pair.left.code).toBe(repeated);
  });

  it('ends as a failed run with a message when the analysis fails or runs too long', async () => {
    const failing = createSimilarityService({
      db: ctx.database.db,
      runner: async () => {
        throw new Error('parser exploded');
      },
    });
    await failing.start(PROGRAM, BATCH);
    await failing.close();
    const failed = (await asAdmin('GET', url())).json() as SimilarityState;
    expect(failed.run).toMatchObject({ status: 'failed', error: 'The check failed: parser exploded', pairs: [] });

    // The real check process, stopped by its time limit.
    const slow = createSimilarityService({ db: ctx.database.db, timeoutMs: 1 });
    await slow.start(PROGRAM, BATCH);
    await waitForEnd();
    expect((await asAdmin('GET', url())).json().run).toMatchObject({
      status: 'failed',
      error: similarityMessages.timedOut,
    });
    await slow.close();
  });
});

/**
 * The attack that took the site down: legal files of the same few statements repeated, which made Dolos pair every
 * occurrence of each fingerprint with every other until the process ran out of memory. Each check here runs in its
 * own process with its memory capped; while it runs the server goes on answering.
 */
describe('similarity check under attack', () => {
  const TWO = 9311;
  const FOUR = 9312;
  const ATTACK_BATCH = 44;
  const attackers: number[] = [];
  const healthz = () => ctx.app.inject({ method: 'GET', url: '/healthz' });

  /** Starts the check, then asks /healthz over and over until it ends: how many answers came while it ran. */
  async function checkWhileProbing(program: number): Promise<{ state: SimilarityState; answeredMeanwhile: number }> {
    expect((await asAdmin('POST', url(program, ATTACK_BATCH))).statusCode).toBe(202);
    let answeredMeanwhile = 0;
    for (let i = 0; i < 1200; i++) {
      const health = await healthz();
      expect(health.statusCode).toBe(200);
      // Read after the answer: a check still running now was running while /healthz was answered.
      const state = (await asAdmin('GET', url(program, ATTACK_BATCH))).json() as SimilarityState;
      if (state.run!.status !== 'running') return { state, answeredMeanwhile };
      answeredMeanwhile += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the check did not end');
  }

  beforeAll(async () => {
    const db = ctx.database.db;
    await db.insertInto('programs').values({ program_number: TWO, task: 'Two copies' }).execute();
    await db.insertInto('programs').values({ program_number: FOUR, task: 'Four large' }).execute();
    for (const name of ['Ann', 'Ben', 'Cal', 'Dot']) attackers.push(await student(ATTACK_BATCH, name, 'Repeat'));
    const [ann, ben] = attackers as [number, number];
    await submit(ann, TWO, repetitiveProgram());
    await submit(ben, TWO, repetitiveProgram());
    for (const [variant, who] of attackers.entries()) await submit(who, FOUR, repetitiveProgram(variant));
  }, 60_000);

  it('two students with the same legal file of 2,000 repeated lines: the check finishes, the server answers', async () => {
    const code = repetitiveProgram();
    expect(code.split('\n').length - 1).toBeLessThanOrEqual(SIMILARITY_MAX_LINES);
    expect(code.length).toBeGreaterThan(57_000);
    const { state, answeredMeanwhile } = await checkWhileProbing(TWO);
    expect(state.run).toMatchObject({ status: 'done', error: null, left_out: [] });
    expect(answeredMeanwhile).toBeGreaterThan(0);
    expect(state.run!.pairs).toHaveLength(1);
    expect(state.run!.pairs[0]!.similarity).toBe(1);
    const pair = (await asAdmin('GET', `${url(TWO, ATTACK_BATCH)}/pairs/1`)).json() as SimilarityPair;
    // The copy shows as fragments over the whole file, not as nothing.
    expect(pair.fragments.length).toBeGreaterThan(0);
    expect(Math.max(...pair.fragments.map((f) => f.left.end_row - f.left.start_row))).toBeGreaterThan(1_900);
  }, 120_000);

  it('four maximum-size files of repeated lines: the check finishes, the server answers', async () => {
    const { state, answeredMeanwhile } = await checkWhileProbing(FOUR);
    expect(state.run).toMatchObject({ status: 'done', error: null, left_out: [] });
    expect(answeredMeanwhile).toBeGreaterThan(0);
    expect(state.run!.pairs).toHaveLength(6);
    for (const pair of state.run!.pairs) expect(pair.similarity).toBeGreaterThan(0.99);
    const rows = await ctx.database.db
      .selectFrom('similarity_runs as r')
      .innerJoin('similarity_pairs as p', 'p.run_id', 'r.id')
      .select(['p.fragments'])
      .where('r.program_number', '=', FOUR)
      .execute();
    for (const row of rows) expect(row.fragments.length).toBeLessThan(16_000);
  }, 120_000);

  it('a check over its memory cap fails alone, with the words for the teacher, and the app answers', async () => {
    // Caps far below what four such files need: V8 ends the child (its heap), or the watch kills it (resident).
    for (const caps of [{ heapMb: 16 }, { rssMb: 1 }]) {
      const capped = createSimilarityService({ db: ctx.database.db, ...caps });
      await capped.start(FOUR, ATTACK_BATCH);
      const { run } = await waitForEnd(FOUR, ATTACK_BATCH, 600);
      expect(run, JSON.stringify(caps)).toMatchObject({
        status: 'failed',
        phase: 'failed',
        error: similarityMessages.outOfMemory,
        pairs: [],
      });
      expect((await healthz()).statusCode).toBe(200);
      await capped.close();
    }
    // The site's own checks still run: the next one, uncapped, finishes.
    const { state } = await checkWhileProbing(TWO);
    expect(state.run!.status).toBe('done');
  }, 120_000);

  it('a check running when the server stops is ended and written down as such', async () => {
    const stopping = createSimilarityService({ db: ctx.database.db });
    await stopping.start(FOUR, ATTACK_BATCH);
    await stopping.close();
    const { run } = (await asAdmin('GET', url(FOUR, ATTACK_BATCH))).json() as SimilarityState;
    expect(run).toMatchObject({ status: 'failed', error: similarityMessages.serverStopped });
  }, 60_000);
});

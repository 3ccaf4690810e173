/**
 * The attack that took the scaled-out site down: two site processes behind nginx on PostgreSQL, each running a
 * similarity check of the heaviest legal files at the same time (files of 2,000 lines of the same statements
 * repeated). Before, both processes ran out of memory and nginx answered 502; now each check runs in a capped child
 * process of its own. Needs the build (dist/) and nginx; `npm test` runs it after the build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster.js';
import { openDatabase } from '../../src/api/db/database.js';
import type { SimilarityState } from '../../src/contracts/similarity.js';
import { repetitiveProgram } from '../similarity-samples.js';

const BATCH = 9;
const PROGRAMS = [801, 802];
const STUDENTS = 5;

let cluster: Cluster;
let token: string;

beforeAll(async () => {
  cluster = await startCluster({ processes: 2 });
  const login = await fetch(`${cluster.url}/students/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'teacher@example.com', password: 'Teacher#2026' }),
  });
  token = ((await login.json()) as { meta: { token: string } }).meta.token;

  // Each program: five students, each a maximum-size file of repeated lines (the first two the same file).
  const handle = openDatabase(cluster.databaseUrl);
  try {
    const db = handle.db;
    for (const program of PROGRAMS)
      await db.insertInto('programs').values({ program_number: program, task: 'Repeated lines' }).execute();
    for (let i = 0; i < STUDENTS; i += 1) {
      const { id } = await db
        .insertInto('students')
        .values({
          email: `repeat${i}@example.com`,
          password_hash: 'x',
          first_name: `Student${i}`,
          last_name: 'Repeat',
          uniq_id: `CP-REPEAT${i}`,
          activated: 1,
          student_status: 1,
          student_batch: BATCH,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const program of PROGRAMS) {
        const sp = await db
          .insertInto('student_programs')
          .values({ student_id: id, program_number: program, task: 'Repeated lines' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('submissions')
          .values({
            student_program_id: sp.id,
            code: repetitiveProgram(Math.max(0, i - 1)),
            status: 'graded',
            score: 1,
            total: 1,
            result: '{}',
          })
          .execute();
      }
    }
  } finally {
    await handle.destroy();
  }
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
});

describe('similarity checks on two processes behind nginx', () => {
  it('two checks of the heaviest legal files at once: both finish, both processes stay up and answer', async () => {
    const direct = cluster.processes.map((p) => `http://127.0.0.1:${p.port}`);
    const admin = { authorization: `Bearer ${token}` };
    const state = async (program: number) =>
      (await (
        await fetch(`${cluster.url}/api/v1/admin/similarity/${program}/${BATCH}`, { headers: admin })
      ).json()) as SimilarityState;

    // One check on each process, started together.
    const started = await Promise.all(
      PROGRAMS.map((program, i) =>
        fetch(`${direct[i]}/api/v1/admin/similarity/${program}/${BATCH}`, { method: 'POST', headers: admin }),
      ),
    );
    expect(started.map((r) => r.status)).toEqual([202, 202]);

    // Every site answers, through nginx and each process directly, until both checks end.
    const statuses: number[] = [];
    let answeredWhileBothRan = 0;
    let ended: SimilarityState[] = [];
    for (let round = 0; round < 600; round += 1) {
      for (const base of [cluster.url, ...direct]) statuses.push((await fetch(`${base}/healthz`)).status);
      // Read after the answers: checks still running now were running while they were given.
      const states = await Promise.all(PROGRAMS.map(state));
      const running = states.filter((s) => s.run?.status === 'running').length;
      if (running === PROGRAMS.length) answeredWhileBothRan += 1;
      if (running === 0) {
        ended = states;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    expect(answeredWhileBothRan).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(ended.map((s) => s.run?.status)).toEqual(['done', 'done']);
    for (const s of ended) {
      expect(s.run!.pairs).toHaveLength((STUDENTS * (STUDENTS - 1)) / 2);
      expect(s.run!.pairs[0]!.similarity).toBe(1);
    }
    for (const site of cluster.processes) {
      expect(site.child.exitCode).toBeNull();
      expect(site.child.signalCode).toBeNull();
    }
    for (const base of [cluster.url, ...direct]) expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, 300_000);
});

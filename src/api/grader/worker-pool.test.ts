import { afterEach, describe, expect, it } from 'vitest';
import { JobCrashedError, JobTimeoutError } from './pool-errors.js';
import { WorkerPool } from './worker-pool.js';

// A worker that takes a while to load (as the run worker does through tsx on a busy machine), then doubles numbers.
const SLOW_TO_LOAD = `
const { parentPort } = require('node:worker_threads');
const until = Date.now() + 1500;
while (Date.now() < until);
parentPort.on('message', ({ id, request }) => {
  if (request < 0) for (;;);
  if (request === 0) throw new Error('zero');
  parentPort.postMessage({ id, ok: true, result: request * 2 });
});
parentPort.postMessage({ ready: true });
`;

// A worker that says which thread it is (as the run worker does), so its job's limit is its CPU time: -1 spins,
// -2 waits without using the CPU, as a job the machine gives no turns to.
const MEASURED = `
const { parentPort } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
parentPort.on('message', ({ id, request }) => {
  if (request === -2) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  for (;;);
});
parentPort.postMessage({ ready: true, thread: '/proc/' + readlinkSync('/proc/thread-self') + '/stat' });
`;

const pools: WorkerPool<number, number>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('worker pool: run workers, taken in turn', { timeout: 60_000 }, () => {
  it('counts a job’s time limit from when the worker is ready, not from when it started loading', async () => {
    const pool = new WorkerPool<number, number>({ script: { source: SLOW_TO_LOAD }, size: 1 });
    pools.push(pool);
    // 1.5 s of loading, a 1 s limit: the job is on time.
    expect(await pool.run('a', 21, 1000)).toBe(42);
    await expect(pool.run('a', -1, 300)).rejects.toBeInstanceOf(JobTimeoutError);
    // The replacement loads afresh, and again its loading isn't the job's.
    expect(await pool.run('a', 2, 1000)).toBe(4);
  });

  it('tells a job stopped by its CPU time from one stopped by the wall clock (a machine too busy)', async () => {
    const pool = new WorkerPool<number, number>({ script: { source: MEASURED }, size: 1 });
    pools.push(pool);
    // Spinning, it is stopped by its CPU time; on a machine so busy that it got under a fifth of a core, by the wall
    // clock: either way the error says which.
    const spinning = (await pool.run('a', -1, 300).catch((e: unknown) => e)) as JobTimeoutError;
    expect(spinning).toBeInstanceOf(JobTimeoutError);
    expect(spinning.byWallClock).toBe(!/of CPU time/.test(spinning.message));
    // Waiting uses no CPU: only the backstop (five times the limit) stops it, as a starved job would be.
    const waiting = await pool.run('a', -2, 300).catch((e: unknown) => e);
    expect(waiting).toBeInstanceOf(JobTimeoutError);
    expect((waiting as JobTimeoutError).byWallClock).toBe(true);
  });

  it('turns a worker that fails into a crash of that job, and goes on', async () => {
    const pool = new WorkerPool<number, number>({ script: { source: SLOW_TO_LOAD }, size: 1 });
    pools.push(pool);
    pool.start();
    const error = await pool.run('a', 0, 1000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobCrashedError);
    expect((error as Error).message).toMatch(/zero/);
    expect(await pool.run('b', 5, 1000)).toBe(10);
  });

  // Step through's pool tells its workers to load the recorder (grader.ts); a replaced worker is told again.
  it('gives each worker it starts the pool’s workerData, a replacement too', async () => {
    const TOLD = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', ({ id, request }) => {
  if (request < 0) for (;;);
  parentPort.postMessage({ id, ok: true, result: workerData.records ? request : -request });
});
parentPort.postMessage({ ready: true });
`;
    const pool = new WorkerPool<number, number>({ script: { source: TOLD }, size: 1, workerData: { records: true } });
    pools.push(pool);
    expect(await pool.run('a', 7, 1000)).toBe(7);
    await expect(pool.run('a', -1, 200)).rejects.toBeInstanceOf(JobTimeoutError);
    expect(await pool.run('a', 8, 1000)).toBe(8);
  });

  // The run worker collects its garbage after answering, now and then (run-worker.ts): the next job waits for it to be
  // ready again, and its CPU-time limit does not count the tidying.
  it('starts the next job once a worker that tidies up after answering is ready again, its clock from then', async () => {
    const TIDIES = `
const { parentPort } = require('node:worker_threads');
const { readFileSync, readlinkSync } = require('node:fs');
const thread = '/proc/' + readlinkSync('/proc/thread-self') + '/stat';
// This thread's CPU time in ms (user and system, in 10 ms ticks), spent in a loop.
const cpu = () => { const f = readFileSync(thread, 'utf8').slice(readFileSync(thread, 'utf8').lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const spin = (ms) => { const until = cpu() + ms; while (cpu() < until); };
parentPort.on('message', ({ id, request }) => {
  spin(request);
  parentPort.postMessage({ id, ok: true, result: Date.now(), collecting: true });
  spin(400);
  parentPort.postMessage({ ready: true, thread });
});
parentPort.postMessage({ ready: true, thread });
`;
    const pool = new WorkerPool<number, number>({ script: { source: TIDIES }, size: 1 });
    pools.push(pool);
    const first = await pool.run('a', 10, 300);
    // 400 ms of tidying then 10 of work: within a 300 ms limit, since the tidying is not the job's.
    const second = await pool.run('b', 10, 300);
    expect(second - first).toBeGreaterThanOrEqual(400);
  });
});

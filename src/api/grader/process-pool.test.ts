import { afterEach, describe, expect, it } from 'vitest';
import type { TestChildRequest } from '../../../test/grader-test-child.js';
import { JobCrashedError, JobLimitError, JobTimeoutError, PoolUnavailableError } from './pool-errors.js';
import { childScript, type GraderLog, type JobLimits, ProcessPool } from './process-pool.js';

const script = childScript('grader-test-child', new URL('../../../test/', import.meta.url).href);
const pools: ProcessPool<TestChildRequest, unknown>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function logger() {
  const lines: { level: 'error' | 'warn'; message: string; details: object }[] = [];
  const log: GraderLog = {
    error: (details, message) => lines.push({ level: 'error', message, details }),
    warn: (details, message) => lines.push({ level: 'warn', message, details }),
  };
  return { log, lines };
}

function pool(
  options: {
    limits?: Partial<JobLimits>;
    args?: string[];
    nodeFlags?: string[];
    size?: number;
    interruptGraceMs?: number;
  } = {},
) {
  const { log, lines } = logger();
  const created = new ProcessPool<TestChildRequest, unknown>({
    script,
    args: options.args,
    nodeFlags: options.nodeFlags,
    size: options.size ?? 1,
    limits: { cpuMs: 60_000, wallMs: 60_000, rssBytes: 4 * 1024 ** 3, ...options.limits },
    pollMs: 50,
    interruptGraceMs: options.interruptGraceMs ?? 10_000,
    log,
  });
  pools.push(created);
  return { pool: created, lines };
}

describe('process pool: compile processes, taken in turn, capped', { timeout: 60_000 }, () => {
  it('serves owners in turn: a second job of one owner waits for the first job of every other', async () => {
    const { pool: p } = pool();
    await p.start();
    const done: string[] = [];
    const job = (owner: string, value: string, ms = 0) =>
      p.run(owner, ms ? { action: 'sleep', ms, value } : { action: 'echo', value }).then((v) => done.push(v as string));
    // a1 holds the only process while the rest queue up, a's first.
    await Promise.all([job('a', 'a1', 300), job('a', 'a2'), job('a', 'a3'), job('b', 'b1'), job('c', 'c1')]);
    expect(done).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
  });

  it('stops a job past its CPU cap without replacing the process, and the process takes the next job', async () => {
    const { pool: p } = pool({ limits: { cpuMs: 300 } });
    await p.start();
    const [pid] = p.pids();
    const error = await p.run('a', { action: 'spin' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobLimitError);
    expect(error).toMatchObject({ limit: 'cpu' });
    expect(await p.run('a', { action: 'echo', value: 'after' })).toBe('after');
    // Interrupted, not killed: the same process, with whatever it had loaded.
    expect(p.pids()).toEqual([pid]);
  });

  it('stops a job past its wall-clock cap, and kills a process that doesn’t stop when asked', async () => {
    // This job sleeps outside the interruptible script: SIGINT can't stop it, so after the grace period the process
    // goes.
    const { pool: p, lines } = pool({ limits: { wallMs: 300 }, interruptGraceMs: 300 });
    await p.start();
    const [pid] = p.pids();
    await expect(p.run('a', { action: 'sleep', ms: 60_000, value: 'late' })).rejects.toBeInstanceOf(JobTimeoutError);
    expect(await p.run('a', { action: 'echo', value: 'next' })).toBe('next');
    expect(p.pids()).not.toEqual([pid]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'grader: a compiler process did not stop its job when asked; killed',
      }),
    );
  });

  it('kills a process past its memory cap and starts another', async () => {
    const { pool: p } = pool({ limits: { rssBytes: 200 * 1024 * 1024 } });
    await p.start();
    const [pid] = p.pids();
    const error = await p.run('a', { action: 'grow' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobLimitError);
    expect(error).toMatchObject({ limit: 'memory' });
    expect(await p.run('a', { action: 'echo', value: 'fresh' })).toBe('fresh');
    expect(p.pids()).not.toEqual([pid]);
  });

  it('reports a process that runs out of JavaScript heap as a memory cap', async () => {
    const { pool: p } = pool({ nodeFlags: ['--max-old-space-size=32'] });
    const error = await p.run('a', { action: 'heap' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobLimitError);
    expect(error).toMatchObject({ limit: 'memory' });
    expect(await p.run('a', { action: 'echo', value: 'fresh' })).toBe('fresh');
  });

  it('turns a process that dies or fails a job into a crash with its cause, and replaces it', async () => {
    const { pool: p, lines } = pool();
    const died = await p.run('a', { action: 'exit', code: 3 }).catch((e: unknown) => e);
    expect(died).toBeInstanceOf(JobCrashedError);
    expect((died as Error).message).toMatch(/exit code 3/);
    const threw = await p.run('a', { action: 'throw' }).catch((e: unknown) => e);
    expect(threw).toBeInstanceOf(JobCrashedError);
    expect((threw as Error).message).toMatch(/the job blew up/);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'grader: the compiler process failed a job' }),
    );
    expect(await p.run('a', { action: 'echo', value: 'still here' })).toBe('still here');
  });

  it('is unavailable when its processes can’t start, or once closed', async () => {
    const { pool: broken, lines } = pool({ args: ['fail-to-start'] });
    const error = await broken.run('a', { action: 'echo', value: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PoolUnavailableError);
    expect((error as Error).message).toMatch(/cannot load the compiler/);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'grader: a compiler process could not start' }),
    );

    const { pool: p } = pool();
    await p.close();
    await expect(p.run('a', { action: 'echo', value: 'x' })).rejects.toBeInstanceOf(PoolUnavailableError);
  });
});

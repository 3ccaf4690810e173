import { describe, expect, it } from 'vitest';
import { JobLine } from './job-line.js';
import { JobClock, ownThreadStatPath } from './cpu-time.js';
import { PoolUnavailableError } from './pool-errors.js';

interface TestJob {
  owner: string;
  name: string;
  resolve(result: string): void;
  reject(error: Error): void;
}

const add = (line: JobLine<TestJob>, owner: string, name: string) =>
  line.admit<string>(owner, (resolve, reject) => ({ owner, name, resolve, reject }));

describe('job line: what both pools share of their waiting jobs', () => {
  it('takes owners in turn by the time they held a slot, refuses past its bound, and fails the waiting when closed', async () => {
    const line = new JobLine<TestJob>(4);
    const waiting = [add(line, 'a', 'a1'), add(line, 'a', 'a2'), add(line, 'b', 'b1'), add(line, 'b', 'b2')];
    await expect(add(line, 'c', 'c1')).rejects.toThrow(new PoolUnavailableError('the queue is full'));
    const first = line.next()!;
    expect([first.name, line.next()!.name]).toEqual(['a1', 'b1']);
    // Served longest ago, a would go next; its first job held a slot for 500 ms, so b goes first.
    line.charge('a', 500);
    expect(line.next()!.name).toBe('b2');
    first.resolve('done');
    expect(await waiting[0]).toBe('done');
    line.close();
    await expect(waiting[1]).rejects.toThrow(new PoolUnavailableError('the pool is closed'));
    await expect(add(line, 'a', 'a3')).rejects.toBeInstanceOf(PoolUnavailableError);
    expect([line.size, line.isClosed]).toEqual([0, true]);
  });
});

describe('job clock: a job’s time as the pools limit it', () => {
  it('counts its thread’s CPU time from when it began, and the wall clock where that can’t be read', () => {
    const measured = new JobClock(ownThreadStatPath());
    expect(measured.measuresCpu).toBe(true);
    expect(measured.passed(200, 60_000)).toBeNull();
    // Spinning until it has used 200 ms of CPU, however long a busy machine makes that take.
    let passed: ReturnType<JobClock['passed']> = null;
    const giveUp = performance.now() + 30_000;
    while (!passed && performance.now() < giveUp) passed = measured.passed(200, 60_000);
    expect(passed).toMatchObject({ limit: 'cpu' });
    expect((passed as { usedMs: number }).usedMs).toBeGreaterThanOrEqual(200);
    const unmeasured = new JobClock(null);
    expect(unmeasured.measuresCpu).toBe(false);
    expect(unmeasured.passed(1, 10_000)).toBeNull();
    expect(unmeasured.passed(1, 0)).toEqual({ limit: 'wall' });
  });
});

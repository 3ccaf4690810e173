import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicJob } from './periodic-job.js';

function fakeLog() {
  const info = vi.fn();
  const error = vi.fn();
  return { log: { info, error } as unknown as FastifyBaseLogger, info, error };
}

afterEach(() => vi.useRealTimers());

describe('a periodic job', () => {
  it('runs each interval, never two passes at once, logs what it did and its failures, and stops', async () => {
    vi.useFakeTimers();
    const { log, info, error } = fakeLog();
    let finish: (value: { done: number }) => void = () => undefined;
    const pass = vi.fn(() => new Promise<{ done: number }>((resolve) => (finish = resolve)));
    const job = new PeriodicJob('test job', pass, log, ({ done }) => (done > 0 ? `${done} done` : undefined), 1000);
    job.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(pass).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000); // still running: skipped
    expect(pass).toHaveBeenCalledTimes(1);
    finish({ done: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(info).toHaveBeenCalledWith({ done: 2 }, '2 done');
    await vi.advanceTimersByTimeAsync(1000);
    expect(pass).toHaveBeenCalledTimes(2);
    finish({ done: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(info).toHaveBeenCalledTimes(1);

    pass.mockImplementationOnce(() => Promise.reject(new Error('database away')));
    await vi.advanceTimersByTimeAsync(1000);
    expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'test job pass failed');

    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(pass).toHaveBeenCalledTimes(3);
  });
});

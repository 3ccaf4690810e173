import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAfterAnswer } from './after-answer.js';

function recordingLog() {
  const errors: string[] = [];
  const log = { error: (_: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('work after the answer', () => {
  it('settles once every piece has ended, including pieces started by pieces', async () => {
    const { log } = recordingLog();
    const afterAnswer = createAfterAnswer(log);
    const done: string[] = [];
    afterAnswer.run('first', async () => {
      await tick(30);
      done.push('first');
      afterAnswer.run('started by the first', async () => {
        await tick(30);
        done.push('second');
      });
    });
    afterAnswer.run('quick', async () => {
      done.push('quick');
    });
    expect(done).toEqual([]);
    await afterAnswer.settled();
    expect(done).toEqual(['quick', 'first', 'second']);
  });

  it('logs a failure under its name and never throws it at the caller or at settled()', async () => {
    const { log, errors } = recordingLog();
    const afterAnswer = createAfterAnswer(log);
    expect(() =>
      afterAnswer.run('password reset request', () => {
        throw new Error('database gone');
      }),
    ).not.toThrow();
    await expect(afterAnswer.settled()).resolves.toBeUndefined();
    expect(errors).toEqual(['password reset request failed']);
  });

  it('settles at once with nothing under way', async () => {
    await expect(createAfterAnswer(recordingLog().log).settled()).resolves.toBeUndefined();
  });
});

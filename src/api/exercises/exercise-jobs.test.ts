import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { exerciseMessages } from '../../contracts/exercises/limits.js';
import { MemoryCounterStore } from '../common/counters.js';
import type { Database } from '../db/schema.js';
import { GraderUnavailableError } from '../grader/grader.js';
import { AppError } from '../http/app-error.js';
import { createExerciseJobs } from './exercise-jobs.js';

describe('one grader job per person', () => {
  const jobs = createExerciseJobs({ db: {} as Kysely<Database>, counters: new MemoryCounterStore() });

  it('tells a grader that cannot give a result as unavailable, in its own words, and frees the slot', async () => {
    const refused = async (error: Error) => {
      const caught = await jobs.exclusive(7, () => Promise.reject(error)).catch((e: unknown) => e);
      expect(caught).toBeInstanceOf(AppError);
      return caught as AppError;
    };
    const down = await refused(new GraderUnavailableError('the compile pool is closed'));
    expect([down.code, down.message]).toEqual(['unavailable', exerciseMessages.graderDown]);
    const busy = await refused(new GraderUnavailableError('ran past 10000 ms', exerciseMessages.serverBusy));
    expect([busy.code, busy.message]).toEqual(['unavailable', exerciseMessages.serverBusy]);
    expect(await jobs.exclusive(7, () => Promise.resolve('ran'))).toBe('ran');
  });

  it('refuses a second job of the same person while the first runs', async () => {
    let finish = () => undefined as void;
    const first = jobs.exclusive(8, () => new Promise<void>((resolve) => (finish = resolve)));
    const second = await jobs.exclusive(8, () => Promise.resolve()).catch((e: unknown) => e);
    expect(second).toMatchObject({ code: 'tooManyRequests', message: exerciseMessages.busy });
    finish();
    await first;
  });
});

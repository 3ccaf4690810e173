import { exerciseMessages } from '../../contracts/exercises/limits.js';
import { timedMessages, type TimedWork, type timedWorkInputSchema } from '../../contracts/timed-work.js';
import type { z } from 'zod';
import type { AreaDeps } from '../app-deps.js';
import { transact } from '../db/after-commit.js';
import { AppError } from '../http/app-error.js';
import { zonedInstant } from '../schedule/zoned-time.js';
import * as timed from './timed-work.repository.js';
import { timingOf } from './timed-window.js';

type Row = Awaited<ReturnType<typeof timed.listTimedWork>>[number];
const asTimedWork = (row: Row): TimedWork => ({
  ...row,
  closes_at: timingOf({ ...row, extra_minutes: 0 }).closes_at,
});

/** The teacher's windows of timed work, and one student's extra minutes. */
export function createTimedWorkService({ db, timeZone, clock }: Pick<AreaDeps, 'db' | 'timeZone' | 'clock'>) {
  return {
    async list(batch: number | undefined): Promise<TimedWork[]> {
      return (await timed.listTimedWork(db, batch)).map(asTimedWork);
    },

    /** Opens each program for the batch at the day and time given (on the course clock), for `minutes`. */
    async set(input: z.output<typeof timedWorkInputSchema>): Promise<TimedWork[]> {
      const zone = await timeZone();
      const opensAt = zonedInstant(input.opens_date, input.opens_time, zone);
      const hidden = Date.parse(opensAt) > clock().getTime();
      const ids = [...new Set(input.program_ids)];
      return transact(db, async (trx) => {
        const programs = await timed.programNumbersOf(trx, ids);
        if (programs.length !== ids.length) throw new AppError('notFound', timedMessages.noSuchProgram);
        const saved: TimedWork[] = [];
        for (const program of programs.sort((a, b) => a.program_number - b.program_number)) {
          const row = await timed.saveTimedWork(trx, {
            program_number: program.program_number,
            batch_number: input.student_batch,
            opens_at: opensAt,
            minutes: input.minutes,
          });
          saved.push(asTimedWork(row));
          // Sent before it was made timed: the task leaves the notices not yet read, until it opens.
          if (hidden)
            await timed.withdrawSentTask(
              trx,
              program.program_number,
              input.student_batch,
              timedMessages.announce(opensAt, input.minutes, zone),
            );
        }
        return saved;
      });
    },

    async remove(id: number): Promise<void> {
      if (!(await timed.deleteTimedWork(db, id))) throw new AppError('notFound', timedMessages.noSuchTiming);
    },

    async extend(studentProgramId: number, extraMinutes: number) {
      if (!(await timed.setExtraMinutes(db, studentProgramId, extraMinutes)))
        throw new AppError('notFound', exerciseMessages.noSuchStudentProgram);
      return { student_program_id: studentProgramId, extra_minutes: extraMinutes };
    },
  };
}

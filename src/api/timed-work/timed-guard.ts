import type { FastifyInstance } from 'fastify';
import type { TimeZone } from '../../contracts/dates.js';
import type { Clock } from '../../contracts/clock.js';
import type { Db } from '../db/schema.js';
import { assertWithinWindow, workOf } from './timed-window.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route works on the caller's student program `:id` (a draft, a run, a submission): outside the program's
     * timed window it is refused, by the guard below, before its handler runs.
     */
    timedWork?: boolean;
  }
}

/**
 * Timed work, enforced once for every route that declares it (its endpoint's `timedWork`): a student's program
 * `:id` that is timed accepts work only while its window is open; before, the answer says when it opens, after,
 * that time is up (409). A program that is not the caller's is left to the handler, which answers 404 as for any
 * other program not theirs.
 */
export function registerTimedWorkGuard(
  app: FastifyInstance,
  { db, clock, timeZone }: { db: Db; clock: Clock; timeZone: () => Promise<TimeZone> },
): void {
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.timedWork) return;
    const id = (request.params as { id?: unknown }).id;
    const student = request.auth?.student;
    if (typeof id !== 'number' || !student) return;
    const work = await workOf(db, id);
    if (!work || work.student_id !== student.id) return;
    assertWithinWindow(work.timing, clock(), work.program_number, await timeZone());
  });
}

import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema, isoDateSchema, recordIdSchema, wholeNumberSchema } from './fields.js';
import { batchNumberSchema, programLabel } from './course-content.js';
import { formatDateTime, type TimeZone } from './dates.js';
import { startTimeSchema } from './schedule.js';

/**
 * Timed work: a program (or several) opens for a batch at a moment on the course clock and closes a number of
 * minutes later. Before it opens the task stays hidden; once it closes the server refuses drafts, runs and
 * submissions. One student may be given extra minutes. Shared by the API, the teacher's form and the countdown.
 */

export const TIMED_LIMITS = { maxMinutes: 24 * 60, maxExtraMinutes: 24 * 60, maxPrograms: 20 } as const;

export const timedMessages = {
  /** The timed-work form, for a program already sent to the batch: what timing it now can and cannot hide. */
  alreadySent: (programNumber: number, batch: number, students: number) =>
    `Program ${programNumber} was already sent to ${students === 1 ? '1 student' : `${students} students`} of ` +
    `batch ${batch}: its task went out by email and in the site's notices. Timing it now hides the task on their ` +
    'My Progs and takes it out of the notices not yet read, but an email or a notice already read cannot be taken back.',
  notOpen: (programNumber: number, opensAt: string, zone: TimeZone) =>
    `Program ${programNumber} opens at ${formatDateTime(opensAt, zone)}.`,
  timeUp: (programNumber: number, closedAt: string, zone: TimeZone) =>
    `Time is up: Program ${programNumber} closed at ${formatDateTime(closedAt, zone)}. Late work is not accepted.`,
  hiddenTask: 'The task is shown when the program opens.',
  /** The same on the home, which shows no countdown: with when it opens, on the course clock. */
  hiddenTaskUntil: (opensAt: string, zone: TimeZone) =>
    `The task is shown when the program opens, at ${formatDateTime(opensAt, zone)}.`,
  /** What a student is told of a timed program sent before it opens (instead of its task). */
  announce: (opensAt: string, minutes: number, zone: TimeZone) =>
    `A timed program: it opens at ${formatDateTime(opensAt, zone)} and closes ${minutes} minutes later. ` +
    'The task is shown when it opens.',
  badMinutes: `Minutes must be a whole number from 1 to ${TIMED_LIMITS.maxMinutes}.`,
  badExtra: `Extra minutes must be a whole number from 0 to ${TIMED_LIMITS.maxExtraMinutes}.`,
  noSuchProgram: 'No such program.',
  noSuchTiming: 'No such timed work.',
} as const;

/** A program as its student sees it named: its title hidden with its task until a timed program opens. */
export function studentProgramLabel(program: { program_number: number; task: string }): string {
  return programLabel({
    program_number: program.program_number,
    task: program.task === timedMessages.hiddenTask ? '' : program.task,
  });
}

/** A student program's window: when it opens and when it closes for this student (extension included). */
export const timingSchema = z.object({
  opens_at: z.string(),
  closes_at: z.string(),
  minutes: z.number().int(),
  extra_minutes: z.number().int(),
});
export type Timing = z.infer<typeof timingSchema>;

export type TimedState = 'waiting' | 'open' | 'over';
/** Where a window stands at `nowMs`: the end is exclusive (at the closing moment it is over). */
export function timedState(timing: Pick<Timing, 'opens_at' | 'closes_at'>, nowMs: number): TimedState {
  if (nowMs < Date.parse(timing.opens_at)) return 'waiting';
  return nowMs < Date.parse(timing.closes_at) ? 'open' : 'over';
}

/** "1:04:05" or "4:05": what is left of a window, for the countdown. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

const minutesSchema = wholeNumberSchema(timedMessages.badMinutes, 1, TIMED_LIMITS.maxMinutes);

/** `PUT /api/v1/admin/timed_work`: these programs open for the batch at a day and time on the course clock. */
export const timedWorkInputSchema = z.strictObject({
  program_ids: z
    .array(recordIdSchema, { error: 'Choose the programs.' })
    .min(1, 'Choose at least one program.')
    .max(TIMED_LIMITS.maxPrograms, `At most ${TIMED_LIMITS.maxPrograms} programs at once.`),
  student_batch: batchNumberSchema,
  opens_date: isoDateSchema('Opening day'),
  opens_time: startTimeSchema,
  minutes: minutesSchema,
});
export type TimedWorkInput = z.input<typeof timedWorkInputSchema>;

export const timedWorkSchema = z.object({
  id: z.number(),
  program_number: z.number(),
  batch_number: z.number(),
  opens_at: z.string(),
  closes_at: z.string(),
  minutes: z.number().int(),
});
export type TimedWork = z.infer<typeof timedWorkSchema>;
export const timedWorkListSchema = z.array(timedWorkSchema);

export const timedWorkQuerySchema = z.object({ student_batch: batchNumberSchema.optional() });

/** `PUT /api/v1/admin/student_programs/:id/extension`. */
export const extensionInputSchema = z.strictObject({
  extra_minutes: wholeNumberSchema(timedMessages.badExtra, 0, TIMED_LIMITS.maxExtraMinutes),
});
export type ExtensionInput = z.input<typeof extensionInputSchema>;
export const extensionSchema = z.object({ student_program_id: z.number(), extra_minutes: z.number().int() });

export const timedWorkEndpoints = endpoints({
  timedWork: {
    method: 'GET',
    path: '/api/v1/admin/timed_work',
    access: 'admin',
    query: timedWorkQuerySchema,
    response: { 200: timedWorkListSchema },
  },
  setTimedWork: {
    method: 'PUT',
    path: '/api/v1/admin/timed_work',
    access: 'admin',
    body: timedWorkInputSchema,
    response: { 200: timedWorkListSchema },
  },
  deleteTimedWork: {
    method: 'DELETE',
    path: '/api/v1/admin/timed_work/:id',
    access: 'admin',
    params: idParamsSchema,
  },
  extension: {
    method: 'PUT',
    path: '/api/v1/admin/student_programs/:id/extension',
    access: 'admin',
    params: idParamsSchema,
    body: extensionInputSchema,
    response: { 200: extensionSchema },
  },
});

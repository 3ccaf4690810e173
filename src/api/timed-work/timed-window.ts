import { timedMessages, timedState, type Timing } from '../../contracts/timed-work.js';
import type { TimeZone } from '../../contracts/dates.js';
import type { Db } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { findBatchWindow, findWorkWindow, listStudentWindows } from './timed-work.repository.js';

/**
 * The rule of timed work, in one place for every route a student works through (the workspace, Run, Submit, the
 * original client's solution upload, My Progs and Home): before the window the task is hidden and nothing is
 * accepted; after it, nothing is accepted either. The refusal is one guard (timed-guard.ts) on every route whose
 * endpoint declares `timedWork`.
 */

const MINUTE_MS = 60_000;

export function timingOf(row: { opens_at: string; minutes: number; extra_minutes: number }): Timing {
  const closes = Date.parse(row.opens_at) + (row.minutes + row.extra_minutes) * MINUTE_MS;
  return {
    opens_at: row.opens_at,
    closes_at: new Date(closes).toISOString(),
    minutes: row.minutes,
    extra_minutes: row.extra_minutes,
  };
}

/** Whose a student program is, its number, and its timed window (null when not timed); null when there is none. */
export async function workOf(
  db: Db,
  studentProgramId: number,
): Promise<{ student_id: number; program_number: number; timing: Timing | null } | null> {
  const row = await findWorkWindow(db, studentProgramId);
  if (!row) return null;
  const { student_id, program_number, opens_at, minutes, extra_minutes } = row;
  const timing = opens_at !== null && minutes !== null ? timingOf({ opens_at, minutes, extra_minutes }) : null;
  return { student_id, program_number, timing };
}

export async function windowOf(db: Db, studentProgramId: number): Promise<Timing | null> {
  return (await workOf(db, studentProgramId))?.timing ?? null;
}

/** A student's timed programs, by student program id. */
export async function windowsOfStudent(db: Db, studentId: number): Promise<Map<number, Timing>> {
  const rows = await listStudentWindows(db, studentId);
  return new Map(rows.map((row) => [row.id, timingOf(row)]));
}

/** The task as the student may read it now: hidden until the window opens. */
export function visibleTask(task: string, timing: Timing | null | undefined, now: Date): string {
  return timing && timedState(timing, now.getTime()) === 'waiting' ? timedMessages.hiddenTask : task;
}

/** What a program's announcement says: its task, or, timed for the batch and not open yet, only when it opens. */
export async function announcedTask(
  db: Db,
  program: { program_number: number; task: string },
  batch: number | null,
  now: Date,
  zone: TimeZone,
): Promise<string> {
  const window = batch === null ? undefined : await findBatchWindow(db, program.program_number, batch);
  return window && Date.parse(window.opens_at) > now.getTime()
    ? timedMessages.announce(window.opens_at, window.minutes, zone)
    : program.task;
}

/** Refuses work (a draft, a run, a submission) outside the program's window, saying when it opens or closed. */
export function assertWithinWindow(timing: Timing | null, now: Date, programNumber: number, zone: TimeZone): void {
  if (!timing) return;
  const state = timedState(timing, now.getTime());
  if (state === 'waiting') throw new AppError('conflict', timedMessages.notOpen(programNumber, timing.opens_at, zone));
  if (state === 'over') throw new AppError('conflict', timedMessages.timeUp(programNumber, timing.closes_at, zone));
}

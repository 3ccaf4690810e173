import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import {
  type DoubtCursor,
  type DoubtRunSummary,
  type DoubtStep,
  doubtStepSchema,
  summariseRun,
} from '../../contracts/doubts.js';

/**
 * A doubt with its session's number, who asked it, and its run's summary. Never the run itself (`trace`, up to
 * 448 KB a doubt): only `findRun` reads that, one doubt at a time.
 */
function withSession(db: Db) {
  return db
    .selectFrom('doubts as d')
    .leftJoin('course_sessions as c', 'c.id', 'd.session_id')
    .innerJoin('students as s', 's.id', 'd.student_id')
    .select([
      'd.id',
      'd.session_id',
      'c.session_number',
      'd.question',
      'd.answer',
      'd.answered_at',
      'd.created_at',
      'd.run_step',
      'd.run_line',
      'd.run_code_bytes',
      'd.run_stdin_bytes',
      'd.run_files',
      'd.run_files_bytes',
      'd.student_id',
      's.first_name',
      's.last_name',
      's.email',
    ]);
}

type StoredDoubt = NonNullable<Awaited<ReturnType<ReturnType<typeof withSession>['executeTakeFirst']>>>;

/** A stored doubt with its run's summary as one object (null when it was not asked from Step through). */
function readSummary(row: StoredDoubt) {
  const {
    run_step: step,
    run_line: line,
    run_code_bytes: codeBytes,
    run_stdin_bytes: stdinBytes,
    run_files: files,
    run_files_bytes: filesBytes,
    ...doubt
  } = row;
  const run: DoubtRunSummary | null =
    step === null || line === null || codeBytes === null || stdinBytes === null || files === null || filesBytes === null
      ? null
      : { step, line, code_bytes: codeBytes, stdin_bytes: stdinBytes, files, files_bytes: filesBytes };
  return { ...doubt, run };
}

export async function findDoubt(db: Db, id: number) {
  const row = await withSession(db).where('d.id', '=', id).executeTakeFirst();
  return row ? readSummary(row) : undefined;
}

export type DoubtRow = NonNullable<Awaited<ReturnType<typeof findDoubt>>>;

/** A doubt's run (its code, input, files, step and line); null when it has none, or one this version can't read. */
export async function findRun(db: Db, id: number): Promise<{ run: DoubtStep | null } | undefined> {
  const row = await db.selectFrom('doubts').select('trace').where('id', '=', id).executeTakeFirst();
  return row ? { run: parseRun(row.trace) } : undefined;
}

function parseRun(text: string | null): DoubtStep | null {
  if (!text) return null;
  try {
    const parsed = doubtStepSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function insertDoubt(
  db: Db,
  doubt: { student_id: number; session_id: number | null; question: string; trace: DoubtStep | null },
): Promise<number> {
  const summary = doubt.trace ? summariseRun(doubt.trace) : null;
  const { id } = await db
    .insertInto('doubts')
    .values({
      ...doubt,
      trace: doubt.trace ? JSON.stringify(doubt.trace) : null,
      ...(summary
        ? {
            run_step: summary.step,
            run_line: summary.line,
            run_code_bytes: summary.code_bytes,
            run_stdin_bytes: summary.stdin_bytes,
            run_files: summary.files,
            run_files_bytes: summary.files_bytes,
          }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function listStudentDoubts(db: Db, studentId: number) {
  const rows = await withSession(db).where('d.student_id', '=', studentId).orderBy('d.id', 'desc').limit(200).execute();
  return rows.map(readSummary);
}

/** Doubts waiting for an answer, oldest first, after the doubt `after` (by id). */
export function waitingPageQuery(db: Db, after: number | undefined, limit: number) {
  const query = withSession(db).where('d.answered_at', 'is', null).orderBy('d.id').limit(limit);
  return after === undefined ? query : query.where('d.id', '>', after);
}

/** Doubts answered, newest first, after the doubt `after` (by id). */
export function answeredPageQuery(db: Db, after: number | undefined, limit: number) {
  const query = withSession(db).where('d.answered_at', 'is not', null).orderBy('d.id', 'desc').limit(limit);
  return after === undefined ? query : query.where('d.id', '<', after);
}

/**
 * A page of the teacher's list: the waiting doubts first, oldest first; then the answered ones, newest first. Up to
 * `limit` rows from `after` on (the start when undefined); each group is read through its own index order.
 */
export async function pageAllDoubts(db: Db, after: DoubtCursor | undefined, limit: number) {
  const rows = after?.answered ? [] : await waitingPageQuery(db, after?.id, limit).execute();
  if (rows.length < limit)
    rows.push(...(await answeredPageQuery(db, after?.answered ? after.id : undefined, limit - rows.length).execute()));
  return rows.map(readSummary);
}

/** How many doubts wait for an answer, and how many there are. */
export async function countDoubts(db: Db): Promise<{ waiting: number; total: number }> {
  const row = await db
    .selectFrom('doubts')
    .select([sql<number>`count(*)`.as('total'), sql<number>`count(*) - count(answered_at)`.as('waiting')])
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), total: Number(row.total) };
}

export async function saveAnswer(db: Db, id: number, answer: string, answeredAt: string): Promise<void> {
  await db.updateTable('doubts').set({ answer, answered_at: answeredAt }).where('id', '=', id).execute();
}

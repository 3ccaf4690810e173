import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { Database, Db, SimilarityPairTable, SimilarityRunTable } from '../db/schema.js';

export function findProgram(db: Db, programNumber: number) {
  return db
    .selectFrom('programs')
    .select(['program_number', 'starter_code'])
    .where('program_number', '=', programNumber)
    .orderBy('id')
    .executeTakeFirst();
}

/** Each student of the batch with the program: their latest submission (the highest id), with its code. */
export function listLatestSubmissions(db: Db, programNumber: number, batch: number) {
  return db
    .selectFrom('submissions as sub')
    .innerJoin('student_programs as sp', 'sp.id', 'sub.student_program_id')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .select([
      's.id as student_id',
      's.first_name',
      's.last_name',
      'sub.id as submission_id',
      'sub.code',
      'sub.created_at',
    ])
    .where('s.role', '=', 'student')
    .where('s.student_batch', '=', batch)
    .where('sp.program_number', '=', programNumber)
    .where('sub.id', '=', (eb) =>
      eb
        .selectFrom('submissions as latest')
        .select((eb) => eb.fn.max('latest.id').as('id'))
        .whereRef('latest.student_program_id', '=', 'sp.id'),
    )
    .orderBy('s.last_name')
    .orderBy('s.first_name')
    .orderBy('s.id')
    .execute();
}

export function findRun(db: Db, programNumber: number, batch: number) {
  return db
    .selectFrom('similarity_runs')
    .selectAll()
    .where('program_number', '=', programNumber)
    .where('batch_number', '=', batch)
    .executeTakeFirst();
}

export async function insertRun(db: Db, row: Insertable<SimilarityRunTable>): Promise<number> {
  const inserted = await db.insertInto('similarity_runs').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A running check whose owner has not written its heartbeat since `staleBefore`: its process stopped. */
const isDead = (staleBefore: string) => (eb: ExpressionBuilder<Database, 'similarity_runs'>) =>
  eb.and([
    eb('status', '=', 'running'),
    eb.or([
      eb('heartbeat_at', '<', staleBefore),
      eb.and([eb('heartbeat_at', 'is', null), eb('started_at', '<', staleBefore)]),
    ]),
  ]);

/** Starts the run over in place, unless it is running and its owner is alive. True if it did. */
export async function restartRun(
  db: Db,
  id: number,
  staleBefore: string,
  row: Updateable<SimilarityRunTable>,
): Promise<boolean> {
  const updated = await db
    .updateTable('similarity_runs')
    .set(row)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '!=', 'running'), isDead(staleBefore)(eb)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Marks the checks whose process died as failed, with why; returns how many. */
export async function failDeadRuns(db: Db, staleBefore: string, at: string, error: string): Promise<number> {
  const updated = await db
    .updateTable('similarity_runs')
    .set({ status: 'failed', phase: 'failed', finished_at: at, error })
    .where(isDead(staleBefore))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** The owner's sign of life for its running checks. */
export async function beatHeart(db: Db, ids: number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('similarity_runs')
    .set({ heartbeat_at: at })
    .where('id', 'in', ids)
    .where('status', '=', 'running')
    .execute();
}

/** A finished check's result: the code as compared and the ranked pairs, replacing any of an earlier run. */
export async function saveResult(
  db: Db,
  runId: number,
  files: { student_id: number; code: string }[],
  pairs: Omit<Insertable<SimilarityPairTable>, 'run_id'>[],
): Promise<void> {
  await db.deleteFrom('similarity_pairs').where('run_id', '=', runId).execute();
  await db.deleteFrom('similarity_files').where('run_id', '=', runId).execute();
  for (let i = 0; i < files.length; i += 20)
    await db
      .insertInto('similarity_files')
      .values(files.slice(i, i + 20).map((f) => ({ run_id: runId, ...f })))
      .execute();
  for (let i = 0; i < pairs.length; i += 50)
    await db
      .insertInto('similarity_pairs')
      .values(pairs.slice(i, i + 50).map((p) => ({ run_id: runId, ...p })))
      .execute();
}

/** The ranked pairs of a run, without their fragments. */
export function listPairs(db: Db, runId: number) {
  return db
    .selectFrom('similarity_pairs')
    .select(['rank', 'left_student_id', 'right_student_id', 'similarity', 'fragment_count'])
    .where('run_id', '=', runId)
    .orderBy('rank')
    .execute();
}

export function findPair(db: Db, runId: number, rank: number) {
  return db
    .selectFrom('similarity_pairs')
    .selectAll()
    .where('run_id', '=', runId)
    .where('rank', '=', rank)
    .executeTakeFirst();
}

/** The code of these students as the run compared it. */
export function findFiles(db: Db, runId: number, studentIds: number[]) {
  return db
    .selectFrom('similarity_files')
    .select(['student_id', 'code'])
    .where('run_id', '=', runId)
    .where('student_id', 'in', studentIds)
    .execute();
}

/** Writes to the run this process started (same start time), not one a later run has taken over. */
export function updateOwnRun(db: Db, id: number, startedAt: string, row: Updateable<SimilarityRunTable>) {
  return db
    .updateTable('similarity_runs')
    .set(row)
    .where('id', '=', id)
    .where('started_at', '=', startedAt)
    .where('status', '=', 'running')
    .execute();
}

import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, SimilarityRunTable } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

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

/** Starts the run over in place, unless it is running and was started after staleBefore. True if it did. */
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
    .where((eb) => eb.or([eb('status', '!=', 'running'), eb('started_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
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

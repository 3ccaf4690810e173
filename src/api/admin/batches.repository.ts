import { PostgresAdapter, sql, type Transaction } from 'kysely';
import { STUDENT_STATUS } from '../../contracts/course.js';
import type { BatchMailingTable, Database, Db } from '../db/schema.js';
import { nowIso } from '../db/clock.js';

const batchColumns = ['batch_number', 'start_date', 'meeting_link'] as const;

/** The students of a batch, as the admin's Get Batch lists them. */
export function listBatchMembers(db: Db, batch: number) {
  return db
    .selectFrom('students')
    .select(['id', 'student_batch', 'email', 'student_status'])
    .where('role', '=', 'student')
    .where('student_batch', '=', batch)
    .orderBy('email')
    .execute();
}

export function listBatches(db: Db) {
  return db.selectFrom('batches').select(batchColumns).orderBy('batch_number').execute();
}

/** The session numbers on each batch's timetable, and the course plan's: what each timetable lacks. */
export async function timetableState(db: Db) {
  const [classes, plan] = [
    await db.selectFrom('batch_sessions').select(['batch_number', 'session_number']).execute(),
    await db.selectFrom('course_sessions').select('session_number').orderBy('session_number').execute(),
  ];
  const byBatch = new Map<number, Set<number>>();
  for (const row of classes) {
    const numbers = byBatch.get(row.batch_number) ?? new Set<number>();
    numbers.add(row.session_number);
    byBatch.set(row.batch_number, numbers);
  }
  return (batch: number) => {
    const scheduled = byBatch.get(batch);
    if (!scheduled) return { classes: 0, plan_missing: [] };
    return {
      classes: scheduled.size,
      plan_missing: plan.map((p) => p.session_number).filter((n) => !scheduled.has(n)),
    };
  };
}

/** Students of this status in no batch, oldest sign-up first. */
function withoutBatch(db: Db, status: number) {
  return db
    .selectFrom('students')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('role', '=', 'student')
    .where('student_status', '=', status)
    .where('student_batch', 'is', null)
    .orderBy('id');
}

/** Paid students in no batch (at most `limit`): the teacher places them. */
export function listUnplacedStudents(db: Db, limit: number) {
  return withoutBatch(db, STUDENT_STATUS.paid).limit(limit).execute();
}

/**
 * Puts these students (never the admin) in the batch, in one statement; how many moved. A student not yet in it is
 * recorded as joining it now (attendance counts its classes from then); one already in it keeps their date.
 */
export async function moveStudentsToBatch(db: Db, ids: number[], batch: number, now: Date): Promise<number> {
  const result = await db
    .updateTable('students')
    .set({ student_batch: batch, updated_at: nowIso(now), batch_joined_at: joinedAt(batch, now) })
    .where('id', 'in', ids)
    .where('role', '=', 'student')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many students each batch has. */
export function countStudentsByBatch(db: Db) {
  return db
    .selectFrom('students')
    .select(['student_batch', (eb) => eb.fn.countAll<number>().as('n')])
    .where('student_batch', 'is not', null)
    .groupBy('student_batch')
    .execute();
}

export async function countBatchStudents(db: Db, batch: number): Promise<number> {
  const count = await db
    .selectFrom('students')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_batch', '=', batch)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

export function findBatch(db: Db, batch: number) {
  return db.selectFrom('batches').select(batchColumns).where('batch_number', '=', batch).executeTakeFirst();
}

/** Makes the batch's row unless it exists. */
export async function ensureBatch(db: Db, batch: number): Promise<void> {
  await db
    .insertInto('batches')
    .values({ batch_number: batch })
    .onConflict((oc) => oc.column('batch_number').doNothing())
    .execute();
}

export async function updateBatch(
  db: Db,
  batch: number,
  changes: { start_date?: string | null; meeting_link?: string | null },
): Promise<void> {
  // An empty change changes nothing (and an UPDATE with nothing to set is not valid SQL).
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('batches').set(changes).where('batch_number', '=', batch).execute();
}

/** Registered students not yet in a batch: the ones a batch's start date is announced to. */
export function listStudentsAwaitingBatch(db: Db) {
  return db
    .selectFrom('students')
    .select(['id', 'email', 'first_name'])
    .where('role', '=', 'student')
    .where('activated', '=', 1)
    .where('student_batch', 'is', null)
    .where('student_status', '=', STUDENT_STATUS.unpaid)
    .execute();
}

/** The paid students of a batch: the ones its meeting link goes to. */
export function listPaidStudentsOfBatch(db: Db, batch: number) {
  return db
    .selectFrom('students')
    .select(['id', 'email', 'first_name'])
    .where('role', '=', 'student')
    .where('student_batch', '=', batch)
    .where('student_status', '=', STUDENT_STATUS.paid)
    .execute();
}

/** Registered, unpaid and not yet in a batch. */
export function listNewStudentNames(db: Db) {
  return withoutBatch(db, STUDENT_STATUS.unpaid).execute();
}

/** Holds the batch's row until the transaction ends; SQLite runs one transaction at a time already. */
export async function lockBatch(trx: Transaction<Database>, batch: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select id from batches where batch_number = ${batch} for update`.execute(trx);
  }
}

/** The latest sending of the same date or link to this batch. */
export function findPreviousMailing(
  db: Db,
  mailing: { batchNumber: number; kind: BatchMailingTable['kind']; content: string },
) {
  return db
    .selectFrom('batch_mailings')
    .select(['recipients', 'sent_at'])
    .where('batch_number', '=', mailing.batchNumber)
    .where('kind', '=', mailing.kind)
    .where('content', '=', mailing.content)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertMailing(
  db: Db,
  mailing: { batchNumber: number; kind: BatchMailingTable['kind']; content: string; recipients: number },
): Promise<void> {
  await db
    .insertInto('batch_mailings')
    .values({
      batch_number: mailing.batchNumber,
      kind: mailing.kind,
      content: mailing.content,
      recipients: mailing.recipients,
    })
    .execute();
}

/**
 * students.batch_joined_at in an update that sets student_batch: now for a student the update moves, the same for one
 * already in that batch. Every change of batch sets it (Create Batch, the original client's PATCH by email).
 */
export function joinedAt(batch: number, now: Date) {
  return sql<string | null>`case when student_batch = ${batch} then batch_joined_at else ${nowIso(now)} end`;
}

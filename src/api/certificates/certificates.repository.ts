import type { Insertable } from 'kysely';
import { STUDENT_STATUS } from '../../contracts/course.js';
import type { CertificateTable, Db } from '../db/schema.js';

export async function insertCertificate(db: Db, row: Insertable<CertificateTable>): Promise<number> {
  const inserted = await db.insertInto('certificates').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Marks the student's certificates that still stand as revoked; the rows stay. */
export async function revokeStudentCertificates(
  db: Db,
  studentId: number,
  at: string,
  reason: string | null,
): Promise<number[]> {
  const rows = await db
    .updateTable('certificates')
    .set({ revoked_at: at, revoke_reason: reason })
    .where('student_id', '=', studentId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export function findCertificateByCode(db: Db, code: string) {
  return db.selectFrom('certificates').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findCertificateById(db: Db, id: number) {
  return db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A student's certificates, newest first. */
export function listStudentCertificates(db: Db, studentId: number, limit = 50) {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('student_id', '=', studentId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The batch's announced start date and its first and last class (ISO instants); all null when it has none. */
export async function batchSpan(db: Db, batchNumber: number) {
  const classes = await db
    .selectFrom('batch_sessions')
    .select((eb) => [eb.fn.min('starts_at').as('first'), eb.fn.max('starts_at').as('last')])
    .where('batch_number', '=', batchNumber)
    .executeTakeFirst();
  const batch = await db
    .selectFrom('batches')
    .select('start_date')
    .where('batch_number', '=', batchNumber)
    .executeTakeFirst();
  return { startDate: batch?.start_date ?? null, first: classes?.first ?? null, last: classes?.last ?? null };
}

/** The teacher's name as saved in the site settings, read inside the caller's transaction. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Completed students with no certificate standing (completed before certificates existed), oldest account first. */
export function listCompletedWithoutCertificate(db: Db, limit = 500) {
  return db
    .selectFrom('students as s')
    .select(['s.id', 's.first_name', 's.last_name', 's.email', 's.student_batch'])
    .where('s.role', '=', 'student')
    .where('s.student_status', '=', STUDENT_STATUS.completed)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('certificates as c')
            .select('c.id')
            .whereRef('c.student_id', '=', 's.id')
            .where('c.revoked_at', 'is', null),
        ),
      ),
    )
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

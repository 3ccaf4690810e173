import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A student (never the admin) by email, whatever its case. */
export function findStudentAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('students')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where('role', '=', 'student')
    .executeTakeFirst();
}

export async function deleteStudentRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('students').where('id', '=', id).execute();
}

export async function insertStatusChange(
  db: Db,
  change: {
    student_id: number;
    student_email: string;
    from_status: number;
    to_status: number;
    changed_by: number;
    changed_by_email: string;
  },
): Promise<void> {
  await db.insertInto('status_changes').values(change).execute();
}

/** The latest status changes, of one student or of everyone. */
export function listStatusChanges(db: Db, studentId: number | undefined, limit = 200) {
  let query = db
    .selectFrom('status_changes')
    .select(['id', 'student_id', 'student_email', 'from_status', 'to_status', 'changed_by_email', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit);
  if (studentId) query = query.where('student_id', '=', studentId);
  return query.execute();
}

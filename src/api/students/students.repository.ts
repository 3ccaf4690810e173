import { sql } from 'kysely';
import { nowIso } from '../db/clock.js';
import { studentValues, toStudentRow } from '../db/flags.js';
import type { Db, NewStudent, StudentRow, StudentUpdate } from '../db/schema.js';

/** Case-insensitive lookup, served by the unique index on lower(email). */
export async function findStudentByEmail(db: Db, email: string): Promise<StudentRow | undefined> {
  const row = await db
    .selectFrom('students')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row && toStudentRow(row);
}

export async function findStudentById(db: Db, id: number): Promise<StudentRow | undefined> {
  const row = await db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toStudentRow(row);
}

/**
 * Every student of a batch (an attendance sheet, a gradebook), ordered by one name, then the other, then id. The
 * teacher's account is not a student of any batch.
 */
export function listBatchStudents(db: Db, batch: number, by: 'first_name' | 'last_name') {
  return db
    .selectFrom('students')
    .select(['id', 'first_name', 'last_name', 'email', 'student_status', 'batch_joined_at'])
    .where('role', '=', 'student')
    .where('student_batch', '=', batch)
    .orderBy(by)
    .orderBy(by === 'first_name' ? 'last_name' : 'first_name')
    .orderBy('id')
    .execute();
}

export async function insertStudent(db: Db, student: NewStudent): Promise<number> {
  const row = await db.insertInto('students').values(studentValues(student)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStudent(db: Db, id: number, changes: StudentUpdate, now: Date): Promise<void> {
  await db
    .updateTable('students')
    .set({ ...studentValues(changes), updated_at: nowIso(now) })
    .where('id', '=', id)
    .execute();
}

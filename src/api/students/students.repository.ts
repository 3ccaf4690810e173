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

export async function insertStudent(db: Db, student: NewStudent): Promise<number> {
  const row = await db.insertInto('students').values(studentValues(student)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStudent(db: Db, id: number, changes: StudentUpdate): Promise<void> {
  await db
    .updateTable('students')
    .set({ ...studentValues(changes), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

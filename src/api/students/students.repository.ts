import { sql } from 'kysely';
import { nowIso } from '../db/clock.js';
import type { Db, NewStudent, StudentUpdate } from '../db/schema.js';

/** Case-insensitive lookup, served by the unique index on lower(email). */
export function findStudentByEmail(db: Db, email: string) {
  return db
    .selectFrom('students')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findStudentById(db: Db, id: number) {
  return db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertStudent(db: Db, student: NewStudent): Promise<number> {
  const row = await db.insertInto('students').values(student).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStudent(db: Db, id: number, changes: StudentUpdate, now: Date): Promise<void> {
  await db
    .updateTable('students')
    .set({ ...changes, updated_at: nowIso(now) })
    .where('id', '=', id)
    .execute();
}

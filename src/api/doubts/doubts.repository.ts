import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/** A doubt with its session's number and who asked it. */
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
      'd.student_id',
      's.first_name',
      's.last_name',
      's.email',
    ]);
}

export function findDoubt(db: Db, id: number) {
  return withSession(db).where('d.id', '=', id).executeTakeFirst();
}

export type DoubtRow = NonNullable<Awaited<ReturnType<typeof findDoubt>>>;

export async function insertDoubt(
  db: Db,
  doubt: { student_id: number; session_id: number | null; question: string },
): Promise<number> {
  const { id } = await db.insertInto('doubts').values(doubt).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function listStudentDoubts(db: Db, studentId: number) {
  return withSession(db).where('d.student_id', '=', studentId).orderBy('d.id', 'desc').limit(200).execute();
}

/** Unanswered doubts first, oldest first among them; then the answered ones, newest first. */
export function listAllDoubts(db: Db) {
  return withSession(db)
    .orderBy(sql`case when d.answered_at is null then 0 else 1 end`)
    .orderBy(sql`case when d.answered_at is null then d.id else -d.id end`)
    .limit(500)
    .execute();
}

export async function saveAnswer(db: Db, id: number, answer: string, answeredAt: string): Promise<void> {
  await db.updateTable('doubts').set({ answer, answered_at: answeredAt }).where('id', '=', id).execute();
}

import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { type DoubtStep, doubtStepSchema } from '../../contracts/doubts.js';

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
      'd.trace',
      'd.student_id',
      's.first_name',
      's.last_name',
      's.email',
    ]);
}

type StoredDoubt = NonNullable<Awaited<ReturnType<ReturnType<typeof withSession>['executeTakeFirst']>>>;

/** A stored doubt with its step read back (a row written by an older version has none). */
const readStep = (row: StoredDoubt) => ({ ...row, trace: parseStep(row.trace) });

function parseStep(text: string | null): DoubtStep | null {
  if (!text) return null;
  try {
    const parsed = doubtStepSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function findDoubt(db: Db, id: number) {
  const row = await withSession(db).where('d.id', '=', id).executeTakeFirst();
  return row ? readStep(row) : undefined;
}

export type DoubtRow = NonNullable<Awaited<ReturnType<typeof findDoubt>>>;

export async function insertDoubt(
  db: Db,
  doubt: { student_id: number; session_id: number | null; question: string; trace: DoubtStep | null },
): Promise<number> {
  const { id } = await db
    .insertInto('doubts')
    .values({ ...doubt, trace: doubt.trace ? JSON.stringify(doubt.trace) : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function listStudentDoubts(db: Db, studentId: number) {
  const rows = await withSession(db).where('d.student_id', '=', studentId).orderBy('d.id', 'desc').limit(200).execute();
  return rows.map(readStep);
}

/** Unanswered doubts first, oldest first among them; then the answered ones, newest first. */
export async function listAllDoubts(db: Db) {
  const rows = await withSession(db)
    .orderBy(sql`case when d.answered_at is null then 0 else 1 end`)
    .orderBy(sql`case when d.answered_at is null then d.id else -d.id end`)
    .limit(500)
    .execute();
  return rows.map(readStep);
}

export async function saveAnswer(db: Db, id: number, answer: string, answeredAt: string): Promise<void> {
  await db.updateTable('doubts').set({ answer, answered_at: answeredAt }).where('id', '=', id).execute();
}

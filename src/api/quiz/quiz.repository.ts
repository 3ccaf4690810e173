import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

export interface QuestionRow {
  id: number;
  question: string;
  options: string;
  answer_index: number;
  topic: string | null;
  explanation: string | null;
}

const questionColumns = ['id', 'question', 'options', 'answer_index', 'topic', 'explanation'] as const;

export function randomQuestionIds(db: Db, count: number) {
  return db
    .selectFrom('quiz_questions')
    .select('id')
    .orderBy(sql`random()`)
    .limit(count)
    .execute();
}

export function questionsByIds(db: Db, ids: number[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('quiz_questions').select(questionColumns).where('id', 'in', ids).execute();
}

export function allQuestions(db: Db): Promise<QuestionRow[]> {
  return db.selectFrom('quiz_questions').select(questionColumns).orderBy('id').execute();
}

export function insertQuestion(db: Db, values: Omit<QuestionRow, 'id'>) {
  return db.insertInto('quiz_questions').values(values).returning(questionColumns).executeTakeFirstOrThrow();
}

export async function updateQuestion(db: Db, id: number, values: Omit<QuestionRow, 'id'>): Promise<boolean> {
  const result = await db.updateTable('quiz_questions').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteQuestion(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('quiz_questions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The student's one open deal is replaced by a new one. */
export async function saveDeal(db: Db, studentId: number, questionIds: number[], createdAt: string): Promise<void> {
  await db
    .insertInto('quiz_deals')
    .values({ student_id: studentId, question_ids: JSON.stringify(questionIds), created_at: createdAt })
    .onConflict((oc) =>
      oc.column('student_id').doUpdateSet({ question_ids: JSON.stringify(questionIds), created_at: createdAt }),
    )
    .execute();
}

/** Takes the student's deal away (so it is answered once) and returns it, if there was one. */
export async function takeDeal(
  db: Db,
  studentId: number,
): Promise<{ questionIds: number[]; createdAt: string } | undefined> {
  const row = await db
    .deleteFrom('quiz_deals')
    .where('student_id', '=', studentId)
    .returning(['question_ids', 'created_at'])
    .executeTakeFirst();
  return row ? { questionIds: JSON.parse(row.question_ids) as number[], createdAt: row.created_at } : undefined;
}

export function insertAttempt(db: Db, values: { student_id: number; score: number; total: number; review: string }) {
  return db
    .insertInto('quiz_attempts')
    .values(values)
    .returning(['id', 'score', 'total', 'created_at', 'review'])
    .executeTakeFirstOrThrow();
}

export function attemptsOf(db: Db, studentId: number, limit: number) {
  return db
    .selectFrom('quiz_attempts')
    .select(['id', 'score', 'total', 'created_at', 'review'])
    .where('student_id', '=', studentId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

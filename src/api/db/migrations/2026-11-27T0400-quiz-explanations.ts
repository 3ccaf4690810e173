import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * Quizzes that teach (issue 20):
 * - quiz_questions.explanation: why the right answer is right, shown to a student after an attempt (plain text,
 *   `code` in backticks; never HTML).
 * - quiz_questions.topic: a short topic ("Pointers") the student's scores are grouped by.
 * Both are copied into each attempt's review when it is scored, so a later edit does not rewrite past attempts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quiz_questions').addColumn('explanation', 'text').execute();
  await db.schema.alterTable('quiz_questions').addColumn('topic', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quiz_questions').dropColumn('topic').execute();
  await db.schema.alterTable('quiz_questions').dropColumn('explanation').execute();
}

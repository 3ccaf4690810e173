import { idParamsSchema } from '../../contracts/fields.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { QUIZ_QUESTION_COUNT } from '../../contracts/course.js';
import {
  adminQuizQuestionSchema,
  quizAnswersSchema,
  quizAttemptSchema,
  quizQuestionInputSchema,
  quizQuestionSchema,
  scoreMessage,
} from '../../contracts/quiz.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';

const options = (json: string) => JSON.parse(json) as string[];

function toAttempt(row: { id: number; score: number; total: number; created_at: string; review: string }) {
  return { id: row.id, score: row.score, total: row.total, created_at: row.created_at, review: JSON.parse(row.review) };
}

export const quizRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  // Ten questions drawn at random, without their answers: the server alone scores the attempt.
  app.get('/api/v1/quiz', { schema: { response: { 200: z.array(quizQuestionSchema) } } }, async () => {
    const rows = await db
      .selectFrom('quiz_questions')
      .select(['id', 'question', 'options'])
      .orderBy(sql`random()`)
      .limit(QUIZ_QUESTION_COUNT)
      .execute();
    if (rows.length < QUIZ_QUESTION_COUNT) throw new AppError('conflict', 'The self assessment test is not ready yet. Please try again later.');
    return rows.map((row) => ({ id: row.id, question: row.question, options: options(row.options) }));
  });

  app.post(
    '/api/v1/quiz/attempts',
    { schema: { body: quizAnswersSchema, response: { 201: z.object({ message: z.string(), attempt: quizAttemptSchema }) } } },
    async (request, reply) => {
      const student = currentStudent(request);
      const ids = request.body.answers.map((a) => a.question_id);
      const questions = await db.selectFrom('quiz_questions').select(['id', 'question', 'options', 'answer_index']).where('id', 'in', ids).execute();
      if (questions.length !== ids.length) throw new AppError('validation', 'Some of these questions do not exist any more. Please start the test again.');
      const review = request.body.answers.map((answer) => {
        const question = questions.find((q) => q.id === answer.question_id)!;
        return { question: question.question, options: options(question.options), chosen: answer.answer_index, correct: question.answer_index };
      });
      const score = review.filter((item) => item.chosen === item.correct).length;
      const row = await db
        .insertInto('quiz_attempts')
        .values({ student_id: student.id, score, total: review.length, review: JSON.stringify(review) })
        .returning(['id', 'score', 'total', 'created_at', 'review'])
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ message: scoreMessage(score, review.length), attempt: toAttempt(row) });
    },
  );

  app.get('/api/v1/quiz/attempts', { schema: { response: { 200: z.array(quizAttemptSchema) } } }, async (request) => {
    const rows = await db
      .selectFrom('quiz_attempts')
      .select(['id', 'score', 'total', 'created_at', 'review'])
      .where('student_id', '=', currentStudent(request).id)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return rows.map(toAttempt);
  });

  // The admin's question bank.
  app.get('/api/v1/admin/quiz_questions', { config: { access: 'admin' }, schema: { response: { 200: z.array(adminQuizQuestionSchema) } } }, async () => {
    const rows = await db.selectFrom('quiz_questions').select(['id', 'question', 'options', 'answer_index']).orderBy('id').execute();
    return rows.map((row) => ({ ...row, options: options(row.options) }));
  });

  app.post(
    '/api/v1/admin/quiz_questions',
    { config: { access: 'admin' }, schema: { body: quizQuestionInputSchema, response: { 201: adminQuizQuestionSchema } } },
    async (request, reply) => {
      const row = await db
        .insertInto('quiz_questions')
        .values({ question: request.body.question, options: JSON.stringify(request.body.options), answer_index: request.body.answer_index })
        .returning(['id', 'question', 'options', 'answer_index'])
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ ...row, options: options(row.options) });
    },
  );

  app.put(
    '/api/v1/admin/quiz_questions/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, body: quizQuestionInputSchema, response: { 200: adminQuizQuestionSchema } } },
    async (request) => {
      const result = await db
        .updateTable('quiz_questions')
        .set({ question: request.body.question, options: JSON.stringify(request.body.options), answer_index: request.body.answer_index })
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError('notFound', 'No such question.');
      return { id: request.params.id, ...request.body };
    },
  );

  app.delete('/api/v1/admin/quiz_questions/:id', { config: { access: 'admin' }, schema: { params: idParamsSchema } }, async (request, reply) => {
    const result = await db.deleteFrom('quiz_questions').where('id', '=', request.params.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError('notFound', 'No such question.');
    return reply.status(204).send();
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contracts/fields.js';
import {
  adminQuizQuestionListSchema,
  adminQuizQuestionSchema,
  quizAnswersSchema,
  quizAttemptListSchema,
  quizQuestionInputSchema,
  quizQuestionListSchema,
  quizSubmittedSchema,
  quizTopicHistorySchema,
} from '../../contracts/quiz.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { QuizService } from './quiz.service.js';

/** At most this many tests scored per student an hour. */
const ATTEMPTS_PER_HOUR = { name: 'quiz-attempts', max: 10, windowMs: 60 * 60_000 };

export const quizRoutes: FastifyPluginAsyncZod<{ quiz: QuizService }> = async (app, { quiz }) => {
  // A new test dealt to the student: ten random questions, without their answers.
  app.get('/api/v1/quiz', { schema: { response: { 200: quizQuestionListSchema } } }, async (request) =>
    quiz.deal(currentStudent(request).id),
  );

  app.post(
    '/api/v1/quiz/attempts',
    {
      config: { accountLimit: ATTEMPTS_PER_HOUR },
      schema: {
        body: quizAnswersSchema,
        response: { 201: quizSubmittedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await quiz.submit(currentStudent(request).id, request.body.answers)),
  );

  app.get('/api/v1/quiz/attempts', { schema: { response: { 200: quizAttemptListSchema } } }, async (request) =>
    quiz.attempts(currentStudent(request).id),
  );

  // My Tests: the student's scores per topic over time.
  app.get('/api/v1/quiz/topics', { schema: { response: { 200: quizTopicHistorySchema } } }, async (request) =>
    quiz.topics(currentStudent(request).id),
  );

  // The admin's question bank.
  app.get(
    '/api/v1/admin/quiz_questions',
    { config: { access: 'admin' }, schema: { response: { 200: adminQuizQuestionListSchema } } },
    async () => quiz.questions(),
  );

  app.post(
    '/api/v1/admin/quiz_questions',
    {
      config: { access: 'admin' },
      schema: { body: quizQuestionInputSchema, response: { 201: adminQuizQuestionSchema } },
    },
    async (request, reply) => reply.status(201).send(await quiz.addQuestion(request.body)),
  );

  app.put(
    '/api/v1/admin/quiz_questions/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: quizQuestionInputSchema, response: { 200: adminQuizQuestionSchema } },
    },
    async (request) => quiz.updateQuestion(request.params.id, request.body),
  );

  app.delete(
    '/api/v1/admin/quiz_questions/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await quiz.deleteQuestion(request.params.id);
      return reply.status(204).send();
    },
  );
};

import { route } from '../http/endpoint-route.js';
import { quizEndpoints } from '../../contracts/quiz.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Area } from '../app-deps.js';
import { createQuizService } from './quiz.service.js';

/** At most this many tests scored per student an hour. */
const ATTEMPTS_PER_HOUR = { name: 'quiz-attempts', max: 10, windowMs: 60 * 60_000 };

export const quizRoutes: Area = async (app, deps) => {
  const quiz = createQuizService(deps);
  // A new test dealt to the student: ten random questions, without their answers.
  route(app, quizEndpoints.deal, async (request) => quiz.deal(currentStudent(request).id));

  route(app, quizEndpoints.submitAttempt, { config: { accountLimit: ATTEMPTS_PER_HOUR } }, async (request, reply) =>
    reply.status(201).send(await quiz.submit(currentStudent(request).id, request.body.answers)),
  );

  route(app, quizEndpoints.attempts, async (request) => quiz.attempts(currentStudent(request).id));

  // My Tests: the student's scores per topic over time.
  route(app, quizEndpoints.topics, async (request) => quiz.topics(currentStudent(request).id));

  // The admin's question bank.
  route(app, quizEndpoints.questions, async () => quiz.questions());

  route(app, quizEndpoints.addQuestion, async (request, reply) =>
    reply.status(201).send(await quiz.addQuestion(request.body)),
  );

  route(app, quizEndpoints.updateQuestion, async (request) => quiz.updateQuestion(request.params.id, request.body));

  route(app, quizEndpoints.deleteQuestion, async (request, reply) => {
    await quiz.deleteQuestion(request.params.id);
    return reply.status(204).send();
  });
};

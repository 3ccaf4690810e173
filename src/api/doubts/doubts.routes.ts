import { route } from '../http/endpoint-route.js';
import { doubtsEndpoints } from '../../contracts/doubts.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Area } from '../app-deps.js';
import { createDoubtsService } from './doubts.service.js';

/** A student asks at most this many doubts an hour: enough for any class, too few to bury the others'. */
const DOUBTS_PER_HOUR = { name: 'doubts', max: 20, windowMs: 60 * 60_000 };

export const doubtsRoutes: Area = async (app, deps) => {
  const doubts = createDoubtsService(deps);
  route(app, doubtsEndpoints.askDoubt, { config: { accountLimit: DOUBTS_PER_HOUR } }, async (request, reply) => {
    const student = currentStudent(request);
    const { question, session_id: sessionId, trace } = request.body;
    const doubt = await doubts.ask(student, question, sessionId ?? null, trace ?? null);
    return reply.status(201).send(doubt);
  });

  route(app, doubtsEndpoints.myDoubts, async (request) => doubts.mine(currentStudent(request).id));

  route(app, doubtsEndpoints.allDoubts, async (request) => doubts.page(request.query.after, request.query.limit));

  route(app, doubtsEndpoints.doubtRun, async (request) => doubts.run(request.params.id));

  route(app, doubtsEndpoints.answerDoubt, async (request) => doubts.answer(request.params.id, request.body.answer));
};

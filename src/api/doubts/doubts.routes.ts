import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDoubtListSchema,
  adminDoubtSchema,
  doubtAnswerSchema,
  doubtInputSchema,
  doubtListSchema,
  doubtSchema,
} from '../../contracts/doubts.js';
import { idParamsSchema } from '../../contracts/fields.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { DoubtsService } from './doubts.service.js';

/** A student asks at most this many doubts an hour: enough for any class, too few to bury the others'. */
const DOUBTS_PER_HOUR = { name: 'doubts', max: 20, windowMs: 60 * 60_000 };

export const doubtsRoutes: FastifyPluginAsyncZod<{ doubts: DoubtsService }> = async (app, { doubts }) => {
  app.post(
    '/api/v1/doubts',
    { config: { accountLimit: DOUBTS_PER_HOUR }, schema: { body: doubtInputSchema, response: { 201: doubtSchema } } },
    async (request, reply) => {
      const student = currentStudent(request);
      const doubt = await doubts.ask(student, request.body.question, request.body.session_id ?? null);
      return reply.status(201).send(doubt);
    },
  );

  app.get('/api/v1/doubts', { schema: { response: { 200: doubtListSchema } } }, async (request) =>
    doubts.mine(currentStudent(request).id),
  );

  app.get(
    '/api/v1/admin/doubts',
    { config: { access: 'admin' }, schema: { response: { 200: adminDoubtListSchema } } },
    async () => doubts.all(),
  );

  app.patch(
    '/api/v1/admin/doubts/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: doubtAnswerSchema, response: { 200: adminDoubtSchema } },
    },
    async (request) => doubts.answer(request.params.id, request.body.answer),
  );
};

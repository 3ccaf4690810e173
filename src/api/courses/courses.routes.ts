import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  courseBookInputSchema,
  courseBookSchema,
  courseSessionInputSchema,
  courseSessionListSchema,
  courseSessionSchema,
  myBatchSchema,
} from '../../contracts/course-content.js';
import { idParamsSchema } from '../../contracts/fields.js';
import { currentStudent } from '../auth/auth-guard.js';
import { sendSerializedJson } from '../http/serialized-json.js';
import type { CoursesService } from './courses.service.js';

export const coursesRoutes: FastifyPluginAsyncZod<{ courses: CoursesService }> = async (app, { courses }) => {
  // The original client asks only when paid. A browser holding the current copy gets 304.
  app.get('/courses', { schema: { response: { 200: courseSessionListSchema } } }, async (request, reply) => {
    const { value, version } = await courses.sessions(currentStudent(request), request.auth?.contentVersions);
    return sendSerializedJson(request, reply, value, `"sessions-${version}"`);
  });

  app.get('/api/v1/my_batch', { schema: { response: { 200: myBatchSchema } } }, async (request) =>
    courses.myBatch(currentStudent(request)),
  );

  app.get('/api/v1/course_book', { schema: { response: { 200: courseBookSchema } } }, async (request) =>
    courses.courseBook(currentStudent(request)),
  );

  app.put(
    '/api/v1/admin/course_book',
    { config: { access: 'admin' }, schema: { body: courseBookInputSchema, response: { 200: courseBookSchema } } },
    async (request) => courses.setCourseBook(request.body.url),
  );

  app.post(
    '/courses',
    { config: { access: 'admin' }, schema: { body: courseSessionInputSchema, response: { 201: courseSessionSchema } } },
    async (request, reply) => reply.status(201).send(await courses.addSession(request.body)),
  );

  app.put(
    '/api/v1/admin/course_sessions/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: courseSessionInputSchema, response: { 200: courseSessionSchema } },
    },
    async (request) => courses.updateSession(request.params.id, request.body),
  );

  app.delete(
    '/courses/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await courses.deleteSession(request.params.id);
      return reply.status(204).send();
    },
  );
};

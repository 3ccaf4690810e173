import type { FastifyInstance } from 'fastify';
import { authoringEndpoints, BANK_FILE_MAX_BYTES } from '../../../contracts/exercises/authoring.js';
import { currentStudent } from '../../auth/auth-guard.js';
import { route } from '../../http/endpoint-route.js';
import type { createAuthoringService } from './authoring.service.js';

/** The teacher: a program's tests and starter code, trying a reference solution, and the exercise bank. */
export function authoringRoutes(app: FastifyInstance, authoring: ReturnType<typeof createAuthoringService>): void {
  route(app, authoringEndpoints.exercise, async (request) => authoring.exercise(request.params.id));
  route(app, authoringEndpoints.saveExercise, async (request) =>
    authoring.saveExercise(request.params.id, request.body),
  );
  route(app, authoringEndpoints.exportExercise, async (request, reply) => {
    const file = await authoring.exportExercise(request.params.id);
    return reply.header('content-disposition', `attachment; filename="program-${request.params.id}.json"`).send(file);
  });
  // A Moodle export of a question bank can run to megabytes: this route takes a larger body than the rest.
  route(
    app,
    authoringEndpoints.importExercises,
    { bodyLimit: 2 * BANK_FILE_MAX_BYTES + 64 * 1024 },
    async (request, reply) =>
      reply.status(201).send(await authoring.importExercises(currentStudent(request), request.body)),
  );
  route(app, authoringEndpoints.tryReference, async (request) =>
    authoring.tryReference(currentStudent(request), request.params.id, request.body.code, request.body.tests, {
      noLeaks: request.body.no_leaks,
      checkerCode: request.body.checker_code,
    }),
  );
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contracts/fields.js';
import {
  codeCommentSchema,
  commentInputSchema,
  draftSavedSchema,
  draftSchema,
  exerciseMessages,
  exerciseInputSchema,
  exerciseSchema,
  gradeResultSchema,
  runInputSchema,
  runResultSchema,
  studentCodeSchema,
  submissionParamsSchema,
  submissionSchema,
  submitInputSchema,
  supervisionListSchema,
  supervisionQuerySchema,
  tryInputSchema,
  workspaceSchema,
} from '../../contracts/exercises.js';
import { currentStudent } from '../auth/auth-guard.js';
import { eventStreams } from '../http/event-stream.js';
import type { StreamRegistry } from '../http/stream-limits.js';
import type { ExercisesService } from './exercises.service.js';

const admin = { access: 'admin' as const };

interface Options {
  exercises: ExercisesService;
  /** The caps every event stream of the process shares. */
  streams: StreamRegistry;
  /** Tests shorten the live streams' heartbeat. */
  heartbeatMs?: number;
}

export const exercisesRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { exercises, streams: registry, heartbeatMs },
) => {
  const streams = eventStreams(app, {
    registry,
    heartbeatMs,
    cap: { maxStreamsPerAccount: 5, tooMany: exerciseMessages.tooManyStreams },
  });

  // The admin: test cases and starter code of a program, and trying a reference solution against them.
  app.get(
    '/api/v1/programs/:id/exercise',
    { config: admin, schema: { params: idParamsSchema, response: { 200: exerciseSchema } } },
    async (request) => exercises.exercise(request.params.id),
  );
  app.put(
    '/api/v1/programs/:id/exercise',
    { config: admin, schema: { params: idParamsSchema, body: exerciseInputSchema, response: { 200: exerciseSchema } } },
    async (request) => exercises.saveExercise(request.params.id, request.body),
  );
  app.post(
    '/api/v1/programs/:id/exercise/try',
    { config: admin, schema: { params: idParamsSchema, body: tryInputSchema, response: { 200: gradeResultSchema } } },
    async (request) =>
      exercises.tryReference(
        currentStudent(request),
        request.params.id,
        request.body.code,
        request.body.tests,
        request.body.no_leaks,
      ),
  );

  // The student's workspace on one of their programs.
  app.get(
    '/api/v1/student_programs/:id/workspace',
    { schema: { params: idParamsSchema, response: { 200: workspaceSchema } } },
    async (request) => exercises.workspace(currentStudent(request), request.params.id),
  );
  app.put(
    '/api/v1/student_programs/:id/draft',
    { schema: { params: idParamsSchema, body: draftSchema, response: { 200: draftSavedSchema } } },
    async (request) => exercises.saveDraft(currentStudent(request), request.params.id, request.body.code),
  );
  app.post(
    '/api/v1/student_programs/:id/run',
    { schema: { params: idParamsSchema, body: runInputSchema, response: { 200: runResultSchema } } },
    async (request) => exercises.run(currentStudent(request), request.params.id, request.body.code, request.body.stdin),
  );
  app.post(
    '/api/v1/student_programs/:id/submissions',
    { schema: { params: idParamsSchema, body: submitInputSchema, response: { 201: submissionSchema } } },
    async (request, reply) =>
      reply.status(201).send(await exercises.submit(currentStudent(request), request.params.id, request.body.code)),
  );
  app.get(
    '/api/v1/student_programs/:id/submissions/:submissionId',
    {
      schema: { params: submissionParamsSchema, response: { 200: submissionSchema } },
    },
    async (request) => exercises.submission(currentStudent(request), request.params.id, request.params.submissionId),
  );

  // The teacher's live supervision: who is where on a program, their code, and comments on its lines.
  app.get(
    '/api/v1/admin/supervision',
    {
      config: admin,
      schema: {
        querystring: supervisionQuerySchema,
        response: { 200: supervisionListSchema },
      },
    },
    async (request) => exercises.supervision(request.query.program_number, request.query.student_batch),
  );
  // Server-sent events, read with fetch and the bearer header like the notifications stream: a `changes` event
  // (contracts' liveChangesSchema) each time students of this program (and batch) save, run, submit or get a comment.
  // No HEAD twin: it would hold a stream (and a place under the cap) it never uses.
  app.get(
    '/api/v1/admin/supervision/stream',
    { config: admin, exposeHeadRoute: false, schema: { querystring: supervisionQuerySchema } },
    async (request, reply) => {
      const { program_number, student_batch } = request.query;
      await streams.serve(request, reply, currentStudent(request).id, (send) =>
        exercises.watchSupervision(program_number, student_batch)((changes) => send('changes', { changes })),
      );
    },
  );
  app.get(
    '/api/v1/student_programs/:id/stream',
    { exposeHeadRoute: false, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const student = currentStudent(request);
      const watch = await exercises.watchOwnProgram(student, request.params.id);
      await streams.serve(request, reply, student.id, (send) => watch((changes) => send('changes', { changes })));
    },
  );
  app.get(
    '/api/v1/admin/student_programs/:id/code',
    { config: admin, schema: { params: idParamsSchema, response: { 200: studentCodeSchema } } },
    async (request) => exercises.studentCode(request.params.id),
  );
  app.post(
    '/api/v1/admin/student_programs/:id/comments',
    {
      config: admin,
      schema: { params: idParamsSchema, body: commentInputSchema, response: { 201: codeCommentSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await exercises.addComment(currentStudent(request), request.params.id, request.body.line, request.body.body),
        ),
  );
};

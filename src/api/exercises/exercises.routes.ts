import { route } from '../http/endpoint-route.js';
import { BANK_FILE_MAX_BYTES, exercisesEndpoints, exerciseMessages } from '../../contracts/exercises.js';
import { currentStudent } from '../auth/auth-guard.js';
import { traceEndpoints } from '../../contracts/trace.js';
import { eventStreams } from '../http/event-stream.js';
import { sendGzippedJson } from '../http/compressed-body.js';
import type { Area } from '../app-deps.js';
import { createExercisesService } from './exercises.service.js';

export const exercisesRoutes: Area = async (app, deps) => {
  const exercises = createExercisesService(deps);
  const streams = eventStreams(app, {
    registry: deps.streams,
    cap: { maxStreamsPerAccount: 5, tooMany: exerciseMessages.tooManyStreams },
  });

  // The admin: test cases and starter code of a program, and trying a reference solution against them.
  route(app, exercisesEndpoints.exercise, async (request) => exercises.exercise(request.params.id));
  route(app, exercisesEndpoints.saveExercise, async (request) =>
    exercises.saveExercise(request.params.id, request.body),
  );
  route(app, exercisesEndpoints.exportExercise, async (request, reply) => {
    const file = await exercises.exportExercise(request.params.id);
    return reply.header('content-disposition', `attachment; filename="program-${request.params.id}.json"`).send(file);
  });
  // A Moodle export of a question bank can run to megabytes: this route takes a larger body than the rest.
  route(
    app,
    exercisesEndpoints.importExercises,
    { bodyLimit: 2 * BANK_FILE_MAX_BYTES + 64 * 1024 },
    async (request, reply) =>
      reply.status(201).send(await exercises.importExercises(currentStudent(request), request.body)),
  );
  route(app, exercisesEndpoints.tryReference, async (request) =>
    exercises.tryReference(currentStudent(request), request.params.id, request.body.code, request.body.tests, {
      noLeaks: request.body.no_leaks,
      checkerCode: request.body.checker_code,
    }),
  );

  // The student's workspace on one of their programs.
  route(app, exercisesEndpoints.workspace, async (request) =>
    exercises.workspace(currentStudent(request), request.params.id),
  );
  route(app, exercisesEndpoints.saveDraft, async (request) =>
    exercises.saveDraft(currentStudent(request), request.params.id, request.body.code),
  );
  route(app, exercisesEndpoints.run, async (request) =>
    exercises.run(currentStudent(request), request.params.id, request.body),
  );
  // A trace's answer comes made and gzipped from the run worker: sent as bytes, never serialised here.
  route(app, traceEndpoints.trace, async (request, reply) =>
    sendGzippedJson(
      request,
      reply,
      (await exercises.trace(currentStudent(request), request.params.id, request.body)).gzip,
    ),
  );
  route(app, traceEndpoints.adminTrace, async (request, reply) =>
    sendGzippedJson(request, reply, (await exercises.adminTrace(request.body)).gzip),
  );
  route(app, exercisesEndpoints.submit, async (request, reply) =>
    reply.status(201).send(await exercises.submit(currentStudent(request), request.params.id, request.body.code)),
  );
  route(app, exercisesEndpoints.submission, async (request) =>
    exercises.submission(currentStudent(request), request.params.id, request.params.submissionId),
  );

  // The teacher's live supervision: who is where on a program, their code, and comments on its lines.
  route(app, exercisesEndpoints.supervision, async (request) =>
    exercises.supervision(request.query.program_number, request.query.student_batch),
  );
  // Server-sent events, read with fetch and the bearer header like the notifications stream: a `changes` event
  // (contracts' liveChangesSchema) each time students of this program (and batch) save, run, submit or get a comment.
  // No HEAD twin: it would hold a stream (and a place under the cap) it never uses.
  route(app, exercisesEndpoints.supervisionStream, { exposeHeadRoute: false }, async (request, reply) => {
    const { program_number, student_batch } = request.query;
    await streams.serve(request, reply, currentStudent(request).id, (send) =>
      exercises.watchSupervision(program_number, student_batch)((changes) => send('changes', { changes })),
    );
  });
  route(app, exercisesEndpoints.workspaceStream, { exposeHeadRoute: false }, async (request, reply) => {
    const student = currentStudent(request);
    const watch = await exercises.watchOwnProgram(student, request.params.id);
    await streams.serve(request, reply, student.id, (send) => watch((changes) => send('changes', { changes })));
  });
  route(app, exercisesEndpoints.studentCode, async (request) => exercises.studentCode(request.params.id));
  route(app, exercisesEndpoints.comment, async (request, reply) =>
    reply
      .status(201)
      .send(
        await exercises.addComment(currentStudent(request), request.params.id, request.body.line, request.body.body),
      ),
  );
};

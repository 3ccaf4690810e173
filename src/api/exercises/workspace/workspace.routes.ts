import type { FastifyInstance } from 'fastify';
import { workspaceEndpoints } from '../../../contracts/exercises/workspace.js';
import { traceEndpoints } from '../../../contracts/trace.js';
import { currentStudent } from '../../auth/auth-guard.js';
import { sendGzippedJson } from '../../http/compressed-body.js';
import { route } from '../../http/endpoint-route.js';
import type { eventStreams } from '../../http/event-stream.js';
import type { createWorkspaceService } from './workspace.service.js';

/** The student's workspace on one of their programs, and Step through (the student's, and the teacher's). */
export function workspaceRoutes(
  app: FastifyInstance,
  workspace: ReturnType<typeof createWorkspaceService>,
  streams: ReturnType<typeof eventStreams>,
): void {
  route(app, workspaceEndpoints.workspace, async (request) =>
    workspace.workspace(currentStudent(request), request.params.id),
  );
  route(app, workspaceEndpoints.saveDraft, async (request) =>
    workspace.saveDraft(currentStudent(request), request.params.id, request.body.code),
  );
  route(app, workspaceEndpoints.run, async (request) =>
    workspace.run(currentStudent(request), request.params.id, request.body),
  );
  // A trace's answer comes made and gzipped from the run worker: sent as bytes, never serialised here.
  route(app, traceEndpoints.trace, async (request, reply) =>
    sendGzippedJson(
      request,
      reply,
      (await workspace.trace(currentStudent(request), request.params.id, request.body)).gzip,
    ),
  );
  route(app, traceEndpoints.adminTrace, async (request, reply) =>
    sendGzippedJson(request, reply, (await workspace.adminTrace(request.body)).gzip),
  );
  route(app, workspaceEndpoints.submit, async (request, reply) =>
    reply.status(201).send(await workspace.submit(currentStudent(request), request.params.id, request.body.code)),
  );
  route(app, workspaceEndpoints.submission, async (request) =>
    workspace.submission(currentStudent(request), request.params.id, request.params.submissionId),
  );
  // The teacher's comments as they are written (a `changes` event, as supervision's stream sends). No HEAD twin: it
  // would hold a stream (and a place under the cap) it never uses.
  route(app, workspaceEndpoints.workspaceStream, { exposeHeadRoute: false }, async (request, reply) => {
    const student = currentStudent(request);
    const watch = await workspace.watchOwnProgram(student, request.params.id);
    await streams.serve(request, reply, student.id, (send) => watch((changes) => send('changes', { changes })));
  });
}

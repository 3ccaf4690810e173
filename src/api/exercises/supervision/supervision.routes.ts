import type { FastifyInstance } from 'fastify';
import { supervisionEndpoints } from '../../../contracts/exercises/supervision.js';
import { currentStudent } from '../../auth/auth-guard.js';
import { route } from '../../http/endpoint-route.js';
import type { eventStreams } from '../../http/event-stream.js';
import type { createSupervisionService } from './supervision.service.js';

/** The teacher's live supervision: who is where on a program, their code, and comments on its lines. */
export function supervisionRoutes(
  app: FastifyInstance,
  supervision: ReturnType<typeof createSupervisionService>,
  streams: ReturnType<typeof eventStreams>,
): void {
  route(app, supervisionEndpoints.supervision, async (request) =>
    supervision.supervision(request.query.program_number, request.query.student_batch),
  );
  // Server-sent events, read with fetch and the bearer header like the notifications stream: a `changes` event
  // (contracts' liveChangesSchema) each time students of this program (and batch) save, run, submit or get a comment.
  // No HEAD twin: it would hold a stream (and a place under the cap) it never uses.
  route(app, supervisionEndpoints.supervisionStream, { exposeHeadRoute: false }, async (request, reply) => {
    const { program_number, student_batch } = request.query;
    await streams.serve(request, reply, currentStudent(request).id, (send) =>
      supervision.watchSupervision(program_number, student_batch)((changes) => send('changes', { changes })),
    );
  });
  route(app, supervisionEndpoints.studentCode, async (request) => supervision.studentCode(request.params.id));
  route(app, supervisionEndpoints.comment, async (request, reply) =>
    reply
      .status(201)
      .send(
        await supervision.addComment(currentStudent(request), request.params.id, request.body.line, request.body.body),
      ),
  );
}

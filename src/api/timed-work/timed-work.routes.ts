import { route } from '../http/endpoint-route.js';
import { timedWorkEndpoints } from '../../contracts/timed-work.js';
import type { Area } from '../app-deps.js';
import { createTimedWorkService } from './timed-work.service.js';

export const timedWorkRoutes: Area = async (app, deps) => {
  const timed = createTimedWorkService(deps);
  route(app, timedWorkEndpoints.timedWork, async (request) => timed.list(request.query.student_batch));
  route(app, timedWorkEndpoints.setTimedWork, async (request) => timed.set(request.body));
  route(app, timedWorkEndpoints.deleteTimedWork, async (request, reply) => {
    await timed.remove(request.params.id);
    return reply.status(204).send();
  });
  route(app, timedWorkEndpoints.extension, async (request) =>
    timed.extend(request.params.id, request.body.extra_minutes),
  );
};

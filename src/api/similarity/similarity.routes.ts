import { route } from '../http/endpoint-route.js';
import { similarityEndpoints } from '../../contracts/similarity.js';
import type { Area } from '../app-deps.js';
import { createSimilarityService } from './similarity.service.js';

export const similarityRoutes: Area = async (app, deps) => {
  const similarity = createSimilarityService(deps);
  app.addHook('onClose', () => similarity.close());
  route(app, similarityEndpoints.start, async (request, reply) => {
    const { program, batch } = request.params;
    return reply.status(202).send(await similarity.start(program, batch));
  });

  route(app, similarityEndpoints.result, async (request) =>
    similarity.state(request.params.program, request.params.batch),
  );

  route(app, similarityEndpoints.pair, async (request) =>
    similarity.pair(request.params.program, request.params.batch, request.params.rank),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint-route.js';
import { similarityEndpoints } from '../../contracts/similarity.js';
import type { SimilarityService } from './similarity.service.js';

interface Options {
  similarity: SimilarityService;
}

export const similarityRoutes: FastifyPluginAsyncZod<Options> = async (app, { similarity }) => {
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

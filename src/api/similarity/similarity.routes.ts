import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  similarityPairParamsSchema,
  similarityPairSchema,
  similarityParamsSchema,
  similarityStateSchema,
} from '../../contracts/similarity.js';
import type { SimilarityService } from './similarity.service.js';

interface Options {
  similarity: SimilarityService;
}

export const similarityRoutes: FastifyPluginAsyncZod<Options> = async (app, { similarity }) => {
  app.post(
    '/api/v1/admin/similarity/:program/:batch',
    {
      config: { access: 'admin' },
      schema: { params: similarityParamsSchema, response: { 202: similarityStateSchema } },
    },
    async (request, reply) => {
      const { program, batch } = request.params;
      return reply.status(202).send(await similarity.start(program, batch));
    },
  );

  app.get(
    '/api/v1/admin/similarity/:program/:batch',
    {
      config: { access: 'admin' },
      schema: { params: similarityParamsSchema, response: { 200: similarityStateSchema } },
    },
    async (request) => similarity.state(request.params.program, request.params.batch),
  );

  app.get(
    '/api/v1/admin/similarity/:program/:batch/pairs/:rank',
    {
      config: { access: 'admin' },
      schema: { params: similarityPairParamsSchema, response: { 200: similarityPairSchema } },
    },
    async (request) => similarity.pair(request.params.program, request.params.batch, request.params.rank),
  );
};

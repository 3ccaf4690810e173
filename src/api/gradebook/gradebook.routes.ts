import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint-route.js';
import { gradebookEndpoints } from '../../contracts/gradebook.js';
import type { GradebookService } from './gradebook.service.js';

interface Options {
  gradebook: GradebookService;
}

export const gradebookRoutes: FastifyPluginAsyncZod<Options> = async (app, { gradebook }) => {
  route(app, gradebookEndpoints.gradebook, async (request) => gradebook.read(request.params.batch));

  route(app, gradebookEndpoints.gradebookCsv, async (request, reply) => {
    const { filename, csv } = await gradebook.csv(request.params.batch);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(csv);
  });

  route(app, gradebookEndpoints.studentWork, async (request) => gradebook.work(request.params.id));
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contracts/fields.js';
import { gradebookParamsSchema, gradebookSchema, studentWorkSchema } from '../../contracts/gradebook.js';
import type { GradebookService } from './gradebook.service.js';

interface Options {
  gradebook: GradebookService;
}

export const gradebookRoutes: FastifyPluginAsyncZod<Options> = async (app, { gradebook }) => {
  app.get(
    '/api/v1/admin/batches/:batch/gradebook',
    { config: { access: 'admin' }, schema: { params: gradebookParamsSchema, response: { 200: gradebookSchema } } },
    async (request) => gradebook.read(request.params.batch),
  );

  app.get(
    '/api/v1/admin/batches/:batch/gradebook.csv',
    { config: { access: 'admin' }, schema: { params: gradebookParamsSchema } },
    async (request, reply) => {
      const { filename, csv } = await gradebook.csv(request.params.batch);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  app.get(
    '/api/v1/admin/students/:id/work',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: studentWorkSchema } } },
    async (request) => gradebook.work(request.params.id),
  );
};

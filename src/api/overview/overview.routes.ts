import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chartsQuerySchema, chartsSchema, overviewSchema } from '../../contracts/overview.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { OverviewService } from './overview.service.js';

export const overviewRoutes: FastifyPluginAsyncZod<{ overview: OverviewService }> = async (app, { overview }) => {
  app.get(
    '/api/v1/admin/overview',
    { config: { access: 'admin' }, schema: { response: { 200: overviewSchema } } },
    async (request) => overview.overview(currentStudent(request).id),
  );

  app.get(
    '/api/v1/admin/charts',
    { config: { access: 'admin' }, schema: { querystring: chartsQuerySchema, response: { 200: chartsSchema } } },
    async (request) => overview.charts(request.query.batch),
  );
};

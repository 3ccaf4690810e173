import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint-route.js';
import { overviewEndpoints } from '../../contracts/overview.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { OverviewService } from './overview.service.js';

export const overviewRoutes: FastifyPluginAsyncZod<{ overview: OverviewService }> = async (app, { overview }) => {
  route(app, overviewEndpoints.overview, async (request) => overview.overview(currentStudent(request).id));

  route(app, overviewEndpoints.charts, async (request) => overview.charts(request.query.batch));
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint-route.js';
import { siteEndpoints } from '../../contracts/site.js';
import type { SiteService } from './site.service.js';

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  route(app, siteEndpoints.site, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return site.info();
  });

  route(app, siteEndpoints.health, async () => site.health());
};

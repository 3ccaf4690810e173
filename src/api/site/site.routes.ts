import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, siteInfoSchema } from '../../contracts/site.js';
import type { SiteService } from './site.service.js';

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  app.get(
    '/api/v1/site',
    { config: { access: 'public' }, schema: { response: { 200: siteInfoSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return site.info();
    },
  );

  app.get('/healthz', { config: { access: 'public' }, schema: { response: { 200: healthSchema } } }, async () =>
    site.health(),
  );
};

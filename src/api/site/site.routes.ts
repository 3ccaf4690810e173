import { route } from '../http/endpoint-route.js';
import { siteEndpoints } from '../../contracts/site.js';
import type { Area } from '../app-deps.js';
import { createSiteService } from './site.service.js';

/** The site's facts and health: its service, from the app's dependencies, and its routes. */
export const siteRoutes: Area = async (app, deps) => {
  const site = createSiteService(deps);
  route(app, siteEndpoints.site, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return site.info();
  });

  route(app, siteEndpoints.health, async () => site.health());
};

import type { FastifyInstance } from 'fastify';
import type { AreaDeps } from '../app-deps.js';
import { areas } from '../areas.js';
import { type ApiRoute, registerAuthGuard } from '../auth/auth-guard.js';
import { registerAccountWriteLimits } from '../http/account-write-limits.js';
import { NO_STORE } from '../http/serialized-json.js';
import { registerTimedWorkGuard } from '../timed-work/timed-guard.js';

/**
 * Every API route, in one context where login is required unless a route says otherwise, timed work is refused
 * outside its window, and each account's writes are limited. The routes are listed as `app.apiRoutes`.
 */
export async function registerApi(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const { db, dialect, clock } = deps;
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  await app.register(async (api) => {
    registerAuthGuard(api, db, dialect, apiRoutes, clock);
    registerTimedWorkGuard(api, { db, clock, timeZone: deps.timeZone });
    registerAccountWriteLimits(api, deps.limitWrites);
    // An API answer is personal or carries a token unless its route says otherwise: no cache keeps it.
    api.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
      done(null, payload);
    });
    // Each area builds its service from `deps` and registers its routes.
    for (const area of areas) await api.register(area, deps);
  });
}

import { route } from '../http/endpoint-route.js';
import { outboxEndpoints } from '../../contracts/admin.js';
import type { Area } from '../app-deps.js';
import { createOutboxService } from './outbox.service.js';

/** The admin reads every message the site wrote, delivered or not (the only way to see them without SMTP). */
export const outboxRoutes: Area = async (app, deps) => {
  const outbox = createOutboxService(deps);
  route(app, outboxEndpoints.outbox, async (request) => outbox.list(request.query.limit));
};

import { route } from '../http/endpoint-route.js';
import { overviewEndpoints } from '../../contracts/overview.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Area } from '../app-deps.js';
import { createOverviewService } from './overview.service.js';

export const overviewRoutes: Area = async (app, deps) => {
  const overview = createOverviewService(deps);
  route(app, overviewEndpoints.overview, async (request) => overview.overview(currentStudent(request).id));

  route(app, overviewEndpoints.charts, async (request) => overview.charts(request.query.batch));
};

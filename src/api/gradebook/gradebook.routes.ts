import { route } from '../http/endpoint-route.js';
import { gradebookEndpoints } from '../../contracts/gradebook.js';
import type { Area } from '../app-deps.js';
import { createGradebookService } from './gradebook.service.js';

export const gradebookRoutes: Area = async (app, deps) => {
  const gradebook = createGradebookService(deps);
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

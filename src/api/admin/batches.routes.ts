import { route } from '../http/endpoint-route.js';
import { batchesEndpoints } from '../../contracts/admin.js';
import { toStudentResource } from '../students/student-view.js';
import type { Area } from '../app-deps.js';
import { createBatchesService } from './batches.service.js';

export const batchesRoutes: Area = async (app, deps) => {
  const { admin } = deps;
  const batches = createBatchesService(deps);
  route(app, batchesEndpoints.batchStudents, async (request) => batches.members(request.query.student_batch));

  route(app, batchesEndpoints.unplacedStudents, async () => batches.unplaced());

  route(app, batchesEndpoints.placeStudents, async (request) =>
    batches.move(request.params.number, request.body.student_ids),
  );

  route(app, batchesEndpoints.updateBatch, async (request) => {
    const updated = await admin.setBatch(request.body.email, request.body.student_batch);
    return { data: toStudentResource(updated), meta: { message: `Moved to batch ${request.body.student_batch}` } };
  });

  route(app, batchesEndpoints.batches, async () => batches.list());

  route(app, batchesEndpoints.saveBatch, async (request) => batches.save(request.params.number, request.body));

  route(app, batchesEndpoints.announce, async (request) =>
    batches.announce(request.params.number, request.body?.resend === true),
  );

  route(app, batchesEndpoints.sendLink, async (request) =>
    batches.sendLink(request.params.number, request.body?.resend === true),
  );

  route(app, batchesEndpoints.inviteEmail, async (request) => {
    await batches.invite(request.body.email);
    return { message: `Invitation queued for ${request.body.email}` };
  });

  route(app, batchesEndpoints.newStudentNames, async () => batches.newStudentNames());
};

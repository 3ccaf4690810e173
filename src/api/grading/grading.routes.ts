import { route } from '../http/endpoint-route.js';
import { gradingEndpoints } from '../../contracts/grading.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Area } from '../app-deps.js';
import { createGradingService } from './grading.service.js';

export const gradingRoutes: Area = async (app, deps) => {
  const grading = createGradingService(deps);
  route(app, gradingEndpoints.saveGrade, async (request) =>
    grading.save(currentStudent(request), request.params.id, request.body),
  );
  route(app, gradingEndpoints.releaseGrades, async (request) =>
    grading.releaseAll(request.body.program_number, request.body.student_batch),
  );
};

import { route } from '../http/endpoint-route.js';
import { programsEndpoints, SOLUTION_MAX_BYTES } from '../../contracts/course-content.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Area } from '../app-deps.js';
import { createProgramsService } from './programs.service.js';
import { readSolution } from './solution-body.js';

export const programsRoutes: Area = async (app, deps) => {
  const programs = createProgramsService(deps);
  route(app, programsEndpoints.programs, async () => programs.list());

  route(app, programsEndpoints.addProgram, async (request, reply) =>
    reply.status(201).send(await programs.add(request.body)),
  );

  route(app, programsEndpoints.deleteProgram, async (request, reply) => {
    await programs.remove(request.params.id);
    return reply.status(204).send();
  });

  route(app, programsEndpoints.sendProgram, async (request) =>
    programs.sendToBatch(request.params.id, request.body.student_batch, request.body.due_date),
  );

  route(app, programsEndpoints.sendToBatch, async (request, reply) => {
    const row = await programs.sendToStudent(request.body.student_id, request.body.program_number, request.body.task);
    return reply.status(201).send(row);
  });

  route(app, programsEndpoints.myPrograms, async (request) =>
    programs.studentPrograms(currentStudent(request), request.params.studentId),
  );

  route(app, programsEndpoints.handIn, { bodyLimit: SOLUTION_MAX_BYTES + 64 * 1024 }, async (request) => {
    const updated = await programs.submitSolution(currentStudent(request), request.params.id, () =>
      readSolution(request),
    );
    return { data: updated, meta: { message: 'Solution submitted' } };
  });

  route(app, programsEndpoints.closeProgram, async (request) =>
    programs.setClosed(request.params.id, request.body.closed),
  );

  // The admin opens every student's solution to one program.
  route(app, programsEndpoints.programSubmissions, async (request) => programs.submissions(request.params.id));
};

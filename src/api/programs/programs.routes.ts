import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProgramListSchema,
  adminProgramSchema,
  programCloseInputSchema,
  programInputSchema,
  programSchema,
  programSentSchema,
  programSubmissionListSchema,
  SOLUTION_MAX_BYTES,
  sendProgramSchema,
  solutionSubmittedSchema,
  studentIdParamsSchema,
  studentProgramInputSchema,
  studentProgramListSchema,
  studentProgramSchema,
} from '../../contracts/course-content.js';
import { idParamsSchema } from '../../contracts/fields.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { ProgramsService } from './programs.service.js';
import { readSolution } from './solution-body.js';

export const programsRoutes: FastifyPluginAsyncZod<{ programs: ProgramsService }> = async (app, { programs }) => {
  app.get(
    '/programs',
    { config: { access: 'admin' }, schema: { response: { 200: adminProgramListSchema } } },
    async () => programs.list(),
  );

  app.post(
    '/programs',
    { config: { access: 'admin' }, schema: { body: programInputSchema, response: { 201: programSchema } } },
    async (request, reply) => reply.status(201).send(await programs.add(request.body)),
  );

  app.delete(
    '/programs/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await programs.remove(request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/programs/:id/send',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: sendProgramSchema, response: { 200: programSentSchema } },
    },
    async (request) => programs.sendToBatch(request.params.id, request.body.student_batch, request.body.due_date),
  );

  app.post(
    '/student_programs',
    {
      config: { access: 'admin' },
      schema: { body: studentProgramInputSchema, response: { 201: studentProgramSchema } },
    },
    async (request, reply) => {
      const row = await programs.sendToStudent(request.body.student_id, request.body.program_number, request.body.task);
      return reply.status(201).send(row);
    },
  );

  app.get(
    '/student_programs/get_my_progs/:studentId',
    { schema: { params: studentIdParamsSchema, response: { 200: studentProgramListSchema } } },
    async (request) => programs.studentPrograms(currentStudent(request), request.params.studentId),
  );

  app.patch(
    '/student_programs/:id',
    {
      bodyLimit: SOLUTION_MAX_BYTES + 64 * 1024,
      schema: { params: idParamsSchema, response: { 200: solutionSubmittedSchema } },
    },
    async (request) => {
      const updated = await programs.submitSolution(currentStudent(request), request.params.id, () =>
        readSolution(request),
      );
      return { data: updated, meta: { message: 'Solution submitted' } };
    },
  );

  app.post(
    '/api/v1/programs/:id/close',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: programCloseInputSchema, response: { 200: adminProgramSchema } },
    },
    async (request) => programs.setClosed(request.params.id, request.body.closed),
  );

  // The admin opens every student's solution to one program.
  app.get(
    '/api/v1/admin/programs/:id/submissions',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: programSubmissionListSchema } } },
    async (request) => programs.submissions(request.params.id),
  );
};

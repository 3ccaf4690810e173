import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailOnlySchema, messageResponseSchema, profileUpdateResponseSchema } from '../../contracts/accounts.js';
import {
  batchAssignmentSchema,
  batchInfoListSchema,
  batchInfoSchema,
  batchMailingInputSchema,
  batchMailingResultSchema,
  batchMemberListSchema,
  batchMoveResultSchema,
  batchMoveSchema,
  batchParamsSchema,
  batchQuerySchema,
  batchUpdateSchema,
  newStudentNameListSchema,
  unplacedStudentListSchema,
} from '../../contracts/admin.js';
import { toStudentResource } from '../students/student-view.js';
import type { BatchesService } from './batches.service.js';
import type { StudentAdminService } from './student-status.service.js';

interface Options {
  batches: BatchesService;
  admin: StudentAdminService;
}

export const batchesRoutes: FastifyPluginAsyncZod<Options> = async (app, { batches, admin }) => {
  app.get(
    '/students/getbatch',
    {
      config: { access: 'admin' },
      schema: { querystring: batchQuerySchema, response: { 200: batchMemberListSchema } },
    },
    async (request) => batches.members(request.query.student_batch),
  );

  app.get(
    '/api/v1/admin/unplaced_students',
    { config: { access: 'admin' }, schema: { response: { 200: unplacedStudentListSchema } } },
    async () => batches.unplaced(),
  );

  app.post(
    '/api/v1/batches/:number/students',
    {
      config: { access: 'admin' },
      schema: { params: batchParamsSchema, body: batchMoveSchema, response: { 200: batchMoveResultSchema } },
    },
    async (request) => batches.move(request.params.number, request.body.student_ids),
  );

  app.patch(
    '/students/update_batch',
    {
      config: { access: 'admin' },
      schema: { body: batchAssignmentSchema, response: { 200: profileUpdateResponseSchema } },
    },
    async (request) => {
      const updated = await admin.setBatch(request.body.email, request.body.student_batch);
      return { data: toStudentResource(updated), meta: { message: `Moved to batch ${request.body.student_batch}` } };
    },
  );

  app.get(
    '/api/v1/batches',
    { config: { access: 'admin' }, schema: { response: { 200: batchInfoListSchema } } },
    async () => batches.list(),
  );

  app.put(
    '/api/v1/batches/:number',
    {
      config: { access: 'admin' },
      schema: { params: batchParamsSchema, body: batchUpdateSchema, response: { 200: batchInfoSchema } },
    },
    async (request) => batches.save(request.params.number, request.body),
  );

  app.post(
    '/api/v1/batches/:number/announce',
    {
      config: { access: 'admin' },
      schema: { params: batchParamsSchema, body: batchMailingInputSchema, response: { 200: batchMailingResultSchema } },
    },
    async (request) => batches.announce(request.params.number, request.body?.resend === true),
  );

  app.post(
    '/api/v1/batches/:number/send_link',
    {
      config: { access: 'admin' },
      schema: { params: batchParamsSchema, body: batchMailingInputSchema, response: { 200: batchMailingResultSchema } },
    },
    async (request) => batches.sendLink(request.params.number, request.body?.resend === true),
  );

  app.post(
    '/api/v1/admin/invite_email',
    { config: { access: 'admin' }, schema: { body: emailOnlySchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await batches.invite(request.body.email);
      return { message: `Invitation queued for ${request.body.email}` };
    },
  );

  app.get(
    '/api/v1/admin/new_student_names',
    { config: { access: 'admin' }, schema: { response: { 200: newStudentNameListSchema } } },
    async () => batches.newStudentNames(),
  );
};

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileUpdateResponseSchema } from '../../contracts/accounts.js';
import {
  oldStudentsSchema,
  statusChangeListSchema,
  statusChangesQuerySchema,
  type StudentListKind,
  type StudentListQuery,
  studentListQuerySchema,
  studentListPaths,
  studentListSchema,
  studentStatusInputSchema,
  statusRevertInputSchema,
  statusRevertMessages,
  statusRevertResultSchema,
} from '../../contracts/admin.js';
import { idParamsSchema } from '../../contracts/fields.js';
import { currentStudent } from '../auth/auth-guard.js';
import { sendSerializedJson } from '../http/serialized-json.js';
import { toStudentResource } from '../students/student-view.js';
import type { StudentListsService } from './student-lists.service.js';
import type { StudentAdminService } from './student-status.service.js';

interface Options {
  admin: StudentAdminService;
  studentLists: StudentListsService;
}

export const adminStudentsRoutes: FastifyPluginAsyncZod<Options> = async (app, { admin, studentLists }) => {
  async function answerList(
    kind: StudentListKind,
    query: StudentListQuery,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (query.format === 'csv') {
      const csv = await studentLists.csv(kind, query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="students-${kind}.csv"`)
        .send(csv);
    }
    const { value, version } = await studentLists.page(kind, query, request.auth?.contentVersions);
    reply
      .header('x-total-count', String(value.total))
      .header('x-page', String(query.page))
      .header('x-per-page', String(query.per_page));
    return sendSerializedJson(request, reply, value.body, `"students-${version}"`, 'personal');
  }

  // The old students' list answers the public too (testimonials), below.
  for (const kind of ['new', 'regd', 'all'] as const) {
    const url = studentListPaths[kind];
    app.get(
      url,
      {
        config: { access: 'admin' },
        schema: { querystring: studentListQuerySchema, response: { 200: studentListSchema } },
      },
      (request, reply) => answerList(kind, request.query, request, reply),
    );
  }

  // The landing page calls this without a token and gets testimonials; the admin's token gets the full list.
  app.get(
    studentListPaths.old,
    {
      config: { access: 'public' },
      schema: { querystring: studentListQuerySchema, response: { 200: oldStudentsSchema } },
    },
    async (request, reply) => {
      if (request.auth?.student.role === 'admin') return answerList('old', request.query, request, reply);
      const { value, version } = await studentLists.testimonials();
      return sendSerializedJson(request, reply, value, `"testimonials-${version}"`);
    },
  );

  app.delete(
    '/students/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await admin.deleteStudent(request.params.id);
      return reply.status(204).send();
    },
  );

  // Update Course Completion: `PUT /students/{id}` with `{student_status: 2}` (Update Payment is the admin's PATCH).
  app.put(
    '/students/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: studentStatusInputSchema,
        response: { 200: profileUpdateResponseSchema },
      },
    },
    async (request) => {
      const updated = await admin.setStatus(currentStudent(request), request.params.id, request.body.student_status);
      return { data: toStudentResource(updated), meta: { message: 'Status updated' } };
    },
  );

  app.get(
    '/api/v1/admin/status_changes',
    {
      config: { access: 'admin' },
      schema: { querystring: statusChangesQuerySchema, response: { 200: statusChangeListSchema } },
    },
    async (request) => admin.statusChanges(request.query.student_id),
  );

  app.post(
    '/api/v1/admin/students/:id/revert',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: statusRevertInputSchema, response: { 200: statusRevertResultSchema } },
    },
    async (request) => {
      const updated = await admin.revertLatest(currentStudent(request), request.params.id, request.body.reason);
      return { student_status: updated.student_status, message: statusRevertMessages.undone };
    },
  );
};

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Area } from '../app-deps.js';
import { route } from '../http/endpoint-route.js';
import {
  adminStudentsEndpoints,
  type StudentListKind,
  type StudentListQuery,
  studentListEndpoints,
  statusRevertMessages,
} from '../../contracts/admin.js';
import { currentStudent } from '../auth/auth-guard.js';
import { sendSerializedJson } from '../http/serialized-json.js';
import { statusUpdated } from '../students/student-view.js';

export const adminStudentsRoutes: Area = async (app, { admin, studentLists }) => {
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
  for (const kind of ['new', 'regd', 'all'] as const)
    route(app, studentListEndpoints[kind], (request, reply) => answerList(kind, request.query, request, reply));

  // The landing page calls this without a token and gets testimonials; the admin's token gets the full list.
  route(app, studentListEndpoints.old, async (request, reply) => {
    if (request.auth?.student.role === 'admin') return answerList('old', request.query, request, reply);
    const { value, version } = await studentLists.testimonials();
    return sendSerializedJson(request, reply, value, `"testimonials-${version}"`);
  });

  route(app, adminStudentsEndpoints.deleteStudent, async (request, reply) => {
    await admin.deleteStudent(request.params.id);
    return reply.status(204).send();
  });

  // Update Course Completion: `PUT /students/{id}` with `{student_status: 2}` (Update Payment is the admin's PATCH).
  route(app, adminStudentsEndpoints.setCourseCompletion, async (request) =>
    statusUpdated(await admin.setStatus(currentStudent(request), request.params.id, request.body.student_status)),
  );

  route(app, adminStudentsEndpoints.completionCheck, async (request) => admin.completionCheck(request.params.id));

  route(app, adminStudentsEndpoints.statusChanges, async (request) => admin.statusChanges(request.query.student_id));

  route(app, adminStudentsEndpoints.revertStatus, async (request) => {
    const updated = await admin.revertLatest(currentStudent(request), request.params.id, request.body.reason);
    return { student_status: updated.student_status, message: statusRevertMessages.undone };
  });
};

import { route } from '../http/endpoint-route.js';
import { coursesEndpoints } from '../../contracts/course-content.js';
import { currentStudent } from '../auth/auth-guard.js';
import { sendSerializedJson } from '../http/serialized-json.js';
import type { Area } from '../app-deps.js';
import { createCoursesService } from './courses.service.js';

export const coursesRoutes: Area = async (app, deps) => {
  const courses = createCoursesService(deps);
  // The original client asks only when paid. A browser holding the current copy gets 304.
  route(app, coursesEndpoints.courses, async (request, reply) => {
    const { value, version } = await courses.sessions(currentStudent(request), request.auth?.contentVersions);
    return sendSerializedJson(request, reply, value, `"sessions-${version}"`);
  });

  route(app, coursesEndpoints.myBatch, async (request) => courses.myBatch(currentStudent(request)));

  route(app, coursesEndpoints.courseBook, async (request) => courses.courseBook(currentStudent(request)));

  route(app, coursesEndpoints.saveCourseBook, async (request) => courses.setCourseBook(request.body.url));

  route(app, coursesEndpoints.addCourseSession, async (request, reply) =>
    reply.status(201).send(await courses.addSession(request.body)),
  );

  route(app, coursesEndpoints.updateCourseSession, async (request) =>
    courses.updateSession(request.params.id, request.body),
  );

  route(app, coursesEndpoints.deleteCourseSession, async (request, reply) => {
    await courses.deleteSession(request.params.id);
    return reply.status(204).send();
  });
};

import type { Area } from '../app-deps.js';
import type { FastifyReply } from 'fastify';
import { route } from '../http/endpoint-route.js';
import { scheduleEndpoints } from '../../contracts/schedule.js';
import { currentStudent } from '../auth/auth-guard.js';

function sendCsv(reply: FastifyReply, { filename, csv }: { filename: string; csv: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}

/** Each batch's dated sessions (the admin's), the student's timetable and Join, and the attendance sheets. */
export const scheduleRoutes: Area = async (app, { schedule }) => {
  route(app, scheduleEndpoints.batchSessions, async (request) => schedule.list(request.params.number));

  route(app, scheduleEndpoints.addSession, async (request, reply) =>
    reply.status(201).send(await schedule.add(request.params.number, request.body)),
  );

  route(app, scheduleEndpoints.generate, async (request, reply) =>
    reply.status(201).send(await schedule.generate(request.params.number, request.body)),
  );

  route(app, scheduleEndpoints.updateSession, async (request) => schedule.update(request.params.id, request.body));

  route(app, scheduleEndpoints.deleteSession, async (request, reply) => {
    await schedule.remove(request.params.id);
    return reply.status(204).send();
  });

  route(app, scheduleEndpoints.attendance, async (request, reply) => {
    if (request.query.format === 'csv') return sendCsv(reply, await schedule.sheetCsv(request.params.id));
    return schedule.sheet(request.params.id);
  });

  route(app, scheduleEndpoints.markAttendance, async (request) =>
    schedule.mark(request.params.id, request.params.studentId, request.body.mark),
  );

  route(app, scheduleEndpoints.mySchedule, async (request) => schedule.mySchedule(currentStudent(request)));

  // A student's own link to their classes (in the page, the mails, the calendar): records, then opens the meeting.
  route(app, scheduleEndpoints.joinLink, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.redirect(await schedule.followJoinLink(request.params.token), 302);
  });

  route(app, scheduleEndpoints.join, async (request) => schedule.join(currentStudent(request), request.params.id));
};

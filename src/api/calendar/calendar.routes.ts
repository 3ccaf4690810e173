import type { FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../http/endpoint-route.js';
import { calendarEndpoints, calendarMessages } from '../../contracts/calendar.js';
import { currentStudent } from '../auth/auth-guard.js';
import { AppError } from '../http/app-error.js';
import type { Area } from '../app-deps.js';
import { type CalendarFile, createCalendarService } from './calendar.service.js';

/** Calendar apps poll the feed; a few minutes' cache spares the database without hiding a change for long. */
const FEED_CACHE = 'private, max-age=300';

function sendCalendar(
  request: FastifyRequest,
  reply: FastifyReply,
  file: CalendarFile | undefined,
  attachment?: string,
): FastifyReply {
  if (!file) throw new AppError('notFound', calendarMessages.noSuchCalendar);
  reply.header('cache-control', FEED_CACHE).header('etag', file.etag);
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  if (attachment) reply.header('content-disposition', `attachment; filename="${attachment}"`);
  return reply.type('text/calendar; charset=utf-8').send(file.text);
}

export const calendarRoutes: Area = async (app, deps) => {
  const calendar = createCalendarService(deps);
  route(app, calendarEndpoints.calendar, async (request) => calendar.links(currentStudent(request)));

  route(app, calendarEndpoints.revokeCalendar, async (request) => calendar.revoke(currentStudent(request)));

  // The feed address is the credential: a calendar app sends no login.
  route(app, calendarEndpoints.calendarFeed, async (request, reply) =>
    sendCalendar(request, reply, await calendar.feed(request.params.token)),
  );

  route(app, calendarEndpoints.calendarSession, async (request, reply) => {
    const { token, id } = request.params;
    return sendCalendar(request, reply, await calendar.sessionFile(token, id), `class-${id}.ics`);
  });
};

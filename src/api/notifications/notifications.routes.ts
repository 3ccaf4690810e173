import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint-route.js';
import { notificationsEndpoints } from '../../contracts/notifications.js';
import { currentStudent } from '../auth/auth-guard.js';
import { eventStreams } from '../http/event-stream.js';
import type { StreamRegistry } from '../http/stream-limits.js';
import type { NotificationsService } from './notifications.service.js';

interface Options {
  notifications: NotificationsService;
  /** The caps every event stream of the process shares. */
  streams: StreamRegistry;
  /** A comment line this often keeps proxies and the idle-socket timeout from closing a quiet stream. */
  heartbeatMs?: number;
  /** How long one stream lasts before the browser opens another (and the login is checked again). */
  maxStreamMs?: number;
}

export const notificationsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { notifications, streams: registry, heartbeatMs = 25_000, maxStreamMs = 10 * 60_000 },
) => {
  route(app, notificationsEndpoints.list, async (request) =>
    notifications.list(currentStudent(request), request.query.before, request.query.limit),
  );

  route(app, notificationsEndpoints.unread, async (request) => notifications.unread(currentStudent(request)));

  route(app, notificationsEndpoints.markRead, async (request) =>
    notifications.markRead(currentStudent(request), request.params.id),
  );

  route(app, notificationsEndpoints.markAllRead, async (request) => notifications.markAllRead(currentStudent(request)));

  route(app, notificationsEndpoints.settings, (request) => notifications.settings(currentStudent(request)));

  route(app, notificationsEndpoints.saveSettings, async (request) =>
    notifications.saveSettings(currentStudent(request), request.body.settings),
  );

  // The hub keeps the per-account cap (5): refused before anything is written, an ordinary 429 answer.
  const streams = eventStreams(app, { registry, heartbeatMs, maxStreamMs });

  // Server-sent events: an `unread` event now and at each change.
  // No HEAD twin: a HEAD answer carries no body, so it would hold a stream (and a place under the cap) it never uses.
  route(app, notificationsEndpoints.stream, { exposeHeadRoute: false }, async (request, reply) => {
    const person = currentStudent(request);
    await streams.serve(request, reply, person.id, (send) =>
      notifications.openStream(person, (unread) => send('unread', { unread })),
    );
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contracts/fields.js';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsSchema,
  unreadCountSchema,
} from '../../contracts/notifications.js';
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
  app.get(
    '/api/v1/notifications',
    { schema: { querystring: notificationListQuerySchema, response: { 200: notificationListSchema } } },
    async (request) => notifications.list(currentStudent(request), request.query.before, request.query.limit),
  );

  app.get('/api/v1/notifications/unread', { schema: { response: { 200: unreadCountSchema } } }, async (request) =>
    notifications.unread(currentStudent(request)),
  );

  app.post(
    '/api/v1/notifications/:id/read',
    { schema: { params: idParamsSchema, response: { 200: unreadCountSchema } } },
    async (request) => notifications.markRead(currentStudent(request), request.params.id),
  );

  app.post('/api/v1/notifications/read-all', { schema: { response: { 200: unreadCountSchema } } }, async (request) =>
    notifications.markAllRead(currentStudent(request)),
  );

  app.get('/api/v1/notifications/settings', { schema: { response: { 200: notificationSettingsSchema } } }, (request) =>
    notifications.settings(currentStudent(request)),
  );

  app.put(
    '/api/v1/notifications/settings',
    { schema: { body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } } },
    async (request) => notifications.saveSettings(currentStudent(request), request.body.settings),
  );

  // The hub keeps the per-account cap (5): refused before anything is written, an ordinary 429 answer.
  const streams = eventStreams(app, { registry, heartbeatMs, maxStreamMs });

  // Server-sent events: an `unread` event now and at each change.
  // No HEAD twin: a HEAD answer carries no body, so it would hold a stream (and a place under the cap) it never uses.
  app.get('/api/v1/notifications/stream', { exposeHeadRoute: false }, async (request, reply) => {
    const person = currentStudent(request);
    await streams.serve(request, reply, person.id, (send) =>
      notifications.openStream(person, (unread) => send('unread', { unread })),
    );
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contracts/fields.js';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsSchema,
  unreadCountSchema,
} from '../../contracts/notifications.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { NotificationsService } from './notifications.service.js';

interface Options {
  notifications: NotificationsService;
  /** A comment line this often keeps proxies and the idle-socket timeout from closing a quiet stream. */
  heartbeatMs?: number;
  /** How long one stream lasts before the browser opens another (and the login is checked again). */
  maxStreamMs?: number;
}

export const notificationsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { notifications, heartbeatMs = 25_000, maxStreamMs = 10 * 60_000 },
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

  // Open streams never go idle: closing the app ends them, or its close would wait for every client to leave.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  // Server-sent events: an `unread` event now and at each change. The bearer header authenticates it (the web
  // reads it with fetch, as EventSource cannot send headers), so no token is ever in a URL.
  // No HEAD twin: a HEAD answer carries no body, so it would hold a stream (and a place under the cap) it never uses.
  app.get('/api/v1/notifications/stream', { exposeHeadRoute: false }, async (request, reply) => {
    const person = currentStudent(request);
    const res = reply.raw;
    let started = false;
    const send = (unread: number) => {
      if (!started) {
        started = true;
        reply.hijack();
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
      }
      res.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
    };
    // Refused (too many streams) before anything is written: an ordinary 429 answer.
    const close = await notifications.openStream(person, send);
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
    const end = () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      close();
      open.delete(end);
      if (!res.writableEnded) res.end();
    };
    // The login is checked when a stream opens: ending each after a while makes the browser open a new one, so a
    // stream does not outlive a logout or a password change by more than that.
    const expiry = setTimeout(end, maxStreamMs);
    open.add(end);
    res.once('close', end);
    res.once('error', end);
    // The client may have gone while the count was read.
    if (request.raw.socket.destroyed) end();
  });
};

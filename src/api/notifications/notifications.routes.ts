import type { Area } from '../app-deps.js';
import { route } from '../http/endpoint-route.js';
import { notificationsEndpoints } from '../../contracts/notifications.js';
import { currentStudent } from '../auth/auth-guard.js';
import { eventStreams } from '../http/event-stream.js';

export const notificationsRoutes: Area = async (app, { notifications, streams: registry }) => {
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
  const streams = eventStreams(app, { registry });

  // Server-sent events: an `unread` event now and at each change.
  // No HEAD twin: a HEAD answer carries no body, so it would hold a stream (and a place under the cap) it never uses.
  route(app, notificationsEndpoints.stream, { exposeHeadRoute: false }, async (request, reply) => {
    const person = currentStudent(request);
    await streams.serve(request, reply, person.id, (send) =>
      notifications.openStream(person, (unread) => send('unread', { unread })),
    );
  });
};

import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reminderSettingSchema,
  reminderSwitchResultSchema,
  reminderTokenBodySchema,
  reminderTokenQuerySchema,
} from '../../contracts/reminders.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { RemindersService } from './reminders.service.js';

interface Options {
  reminders: RemindersService;
}

export const remindersRoutes: FastifyPluginAsyncZod<Options> = async (app, { reminders }) => {
  app.get('/api/v1/profile/reminders', { schema: { response: { 200: reminderSettingSchema } } }, async (request) =>
    reminders.setting(currentStudent(request)),
  );

  app.put(
    '/api/v1/profile/reminders',
    { schema: { body: reminderSettingSchema, response: { 200: reminderSettingSchema } } },
    async (request) => reminders.set(currentStudent(request), request.body),
  );

  // The stop link of a reminder mail, and its List-Unsubscribe address: a mail client posts the form
  // `List-Unsubscribe=One-Click` to it (RFC 8058), so this context reads form bodies too. The private token is the
  // credential, in the query string or a JSON body.
  await app.register(async (plugin) => {
    const links = plugin.withTypeProvider<ZodTypeProvider>();
    links.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const schema = {
      querystring: reminderTokenQuerySchema,
      body: reminderTokenBodySchema,
      response: { 200: reminderSwitchResultSchema },
    };
    links.post('/api/v1/reminders/stop', { config: { access: 'public' }, schema }, async (request) =>
      reminders.stopByToken(request.query.token ?? request.body?.token),
    );
    links.post('/api/v1/reminders/start', { config: { access: 'public' }, schema }, async (request) =>
      reminders.startByToken(request.query.token ?? request.body?.token),
    );
  });
};

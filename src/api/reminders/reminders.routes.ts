import type { Area } from '../app-deps.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint-route.js';
import { remindersEndpoints } from '../../contracts/reminders.js';
import { currentStudent } from '../auth/auth-guard.js';
import { rateLimit } from '../http/rate-limits.js';

export const remindersRoutes: Area = async (app, { reminders, ipLimits, limitWrites }) => {
  route(app, remindersEndpoints.setting, async (request) => reminders.setting(currentStudent(request)));

  route(app, remindersEndpoints.saveSetting, async (request) => reminders.set(currentStudent(request), request.body));

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
    // Limited like every other write: per address here, and per account (the link's owner) as if signed in.
    const extras = { config: rateLimit(ipLimits, 'links') };
    for (const on of [false, true])
      route(links, on ? remindersEndpoints.startByLink : remindersEndpoints.stopByLink, extras, async (request) => {
        const owner = await reminders.linkOwner(request.query.token ?? request.body?.token);
        await limitWrites(owner.id);
        return reminders.switchByLink(owner, on);
      });
  });
};

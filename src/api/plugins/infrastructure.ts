import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../contracts/clock.js';
import type { AppDeps } from '../app-deps.js';
import type { AppOptions } from '../app.js';
import { defaultAccountLimits } from '../accounts/accounts.service.js';
import { liveSessionIds } from '../auth/sessions.repository.js';
import { createAfterAnswer } from '../common/after-answer.js';
import { createDbCounterStore } from '../common/counters.js';
import { createImportReader } from '../exercises/authoring/import-reader.js';
import { createGrader } from '../grader/grader.js';
import { createAccountWriteLimiter, defaultAccountWriteLimits } from '../http/account-write-limits.js';
import { defaultIpRateLimits } from '../http/rate-limits.js';
import { createStreamRegistry, defaultStreamLimits } from '../http/stream-limits.js';
import { createLiveBus } from '../live/live-bus.js';
import { createMailQueue } from '../mail/mail-queue.js';
import { createNotificationHub } from '../notifications/notification-hub.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { createSettingsService } from '../settings/settings.service.js';
import { closedWithApp, decorateOwned } from './owned.js';

/**
 * Opens what every area is built from (AppDeps), each piece closed with the app: the mail queue, work after an
 * answer, live events, event streams, notices, site settings, the C grader and the import reader.
 */
export async function openInfrastructure(app: FastifyInstance, options: AppOptions, clock: Clock): Promise<AppDeps> {
  const { config, db, dialect } = options;
  const log = app.log;
  // Every message is queued through it; it wakes the mail worker once the transaction that queued it commits.
  const mail = createMailQueue({ wake: () => options.onMailQueued?.(), log });
  // Closing waits for it: the database, which it uses, is closed only once the app has closed.
  const afterAnswer = decorateOwned(app, 'afterAnswer', createAfterAnswer(log), (work) => work.settled());
  // With PostgreSQL, live events cross processes by LISTEN/NOTIFY on one connection of its own.
  const live = decorateOwned(
    app,
    'liveBus',
    createLiveBus({
      log,
      postgresUrl: dialect === 'postgres' && !config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl : undefined,
    }),
  );
  await live.start();
  const streams = decorateOwned(
    app,
    'streamRegistry',
    createStreamRegistry({
      limits: options.streamLimits ?? defaultStreamLimits(undefined, config.maxEventStreams),
      liveSessions: (ids) => liveSessionIds(db, ids, clock()),
      log,
    }),
  );
  const hub = decorateOwned(
    app,
    'notificationHub',
    createNotificationHub({ db, log, pollMs: options.notificationPollMs }),
  );
  const settings = createSettingsService({ db, config, log, clock });
  await settings.ensureDefaults();
  const grader = decorateOwned(
    app,
    'grader',
    options.grader ?? createGrader({ concurrency: config.graderWorkers, log }),
  );
  const importReader = closedWithApp(app, options.importReader ?? createImportReader({ log }));
  const counters = createDbCounterStore(db, clock);
  return {
    db,
    dialect,
    config,
    clock,
    log,
    mail,
    notifications: createNotificationsService({ db, hub, mail, log, clock }),
    live,
    afterAnswer,
    counters,
    settings,
    timeZone: settings.timeZone,
    feePaise: settings.feePaise,
    streams,
    ipLimits: { ...defaultIpRateLimits, ...options.ipRateLimits },
    limitWrites: createAccountWriteLimiter(counters, options.accountWriteLimits ?? defaultAccountWriteLimits),
    accountLimits: options.accountLimits ?? defaultAccountLimits(),
    grader,
    importReader,
  };
}

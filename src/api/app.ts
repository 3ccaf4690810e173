import { type Clock, systemClock } from '../contracts/clock.js';
import type { AttachmentRenderers } from './mail/mail-attachments.js';
import { join, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import rateLimitPlugin from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { PHOTO_MAX_BYTES } from '../contracts/accounts.js';
import { findClientRoute } from '../contracts/paths.js';
import { type AccountLimits, defaultAccountLimits } from './accounts/accounts.service.js';
import { createDbCounterStore, rateLimitStore } from './common/counters.js';
import { type ApiRoute, registerAuthGuard } from './auth/auth-guard.js';
import { registerTimedWorkGuard } from './timed-work/timed-guard.js';
import type { Config } from './config/env.js';
import type { DialectName } from './db/database.js';
import type { Database } from './db/schema.js';
import { errorBody } from './http/app-error.js';
import { requestLogger } from './http/logging.js';
import '../contracts/zod-messages.js';
import {
  type AccountWriteLimits,
  createAccountWriteLimiter,
  defaultAccountWriteLimits,
  registerAccountWriteLimits,
} from './http/account-write-limits.js';
import { acceptEmptyBodies } from './http/empty-body.js';
import { registerErrorHandler } from './http/error-handler.js';
import { refuseUnstorableText } from './http/storable-text.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import {
  createStreamRegistry,
  defaultStreamLimits,
  type StreamLimits,
  type StreamRegistry,
} from './http/stream-limits.js';
import { liveSessionIds } from './auth/sessions.repository.js';
import { defaultIpRateLimits, type IpRateLimits } from './http/rate-limits.js';
import { sendCompressed } from './http/compressed-body.js';
import { NO_STORE } from './http/serialized-json.js';
import { loadWebPages } from './http/web-pages.js';
import { createMailQueue } from './mail/mail-queue.js';
import type { AppDeps } from './app-deps.js';
import { areas } from './areas.js';
import { createSharedServices } from './shared-services.js';
import { createGrader, type Grader } from './grader/grader.js';
import { createImportReader, type ImportReader } from './exercises/import-reader.js';
import { type PaymentsService } from './payments/payments.service.js';
import { createSettingsService } from './settings/settings.service.js';
import { type RemindersService } from './reminders/reminders.service.js';
import { createNotificationHub, type NotificationHub } from './notifications/notification-hub.js';
import { createLiveBus, type LiveBus } from './live/live-bus.js';
import { type AfterAnswer, createAfterAnswer } from './common/after-answer.js';
import { createNotificationsService } from './notifications/notifications.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments service, for the server's reconciliation job (and tests that run a pass). */
    payments: PaymentsService;
    /** The C grader, so the server can warm it up after start. */
    grader: Grader;
    /** Class reminders, for the server's once-a-minute pass (and tests that run one). */
    reminders: RemindersService;
    /** Every API route and who may call it (the permission-matrix test checks each). */
    apiRoutes: ApiRoute[];
    /** This process's open notification streams (tests and the bench count them). */
    notificationHub: NotificationHub;
    /** The caps every event stream of this process shares (tests and the bench count its streams). */
    streamRegistry: StreamRegistry;
    /** Live supervision's event bus (tests check its LISTEN connection). */
    liveBus: LiveBus;
    /** Work started by a route and not awaited by it (see AfterAnswer). */
    afterAnswer: AfterAnswer;
    /** Reads the site settings now and follows a change made elsewhere (the watch does it every few seconds). */
    refreshSiteSettings: () => Promise<void>;
    /** Renders the documents mail carries (each area that owns a kind adds its renderer), for the mail worker. */
    mailAttachments: AttachmentRenderers;
  }
}

export interface RequestTimeouts {
  requestMs: number;
  headersMs: number;
  idleMs: number;
  checkIntervalMs: number;
}

/** A 5 MB photo takes 40 s at 1 Mbit/s: a minute for the whole request is room for a slow phone, not for a trickle. */
export const defaultTimeouts: RequestTimeouts = {
  requestMs: 60_000,
  headersMs: 20_000,
  idleMs: 60_000,
  checkIntervalMs: 5_000,
};

export interface AppOptions {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the build wrote web/ (assets) and pages/ (prerendered HTML); absent in API-only tests. */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Called after a change queued mail, to wake the mail worker. */
  onMailQueued?: () => void;
  /** Per-IP limits; those not given are the defaults. */
  ipRateLimits?: Partial<IpRateLimits>;
  accountLimits?: AccountLimits;
  accountWriteLimits?: AccountWriteLimits;
  /** How long to wait for Razorpay's API (tests shorten it). */
  gatewayTimeoutMs?: number;
  /** How long a client may take to send a request; tests shorten them. */
  timeouts?: RequestTimeouts;
  /** The C grader; made from the config when absent. Closed with the app. */
  grader?: Grader;
  /** Reads exercise import files off the event loop; made when absent. Closed with the app. */
  importReader?: ImportReader;
  /** The time now, the one clock every service reads (tests step through it); the computer's clock by default. */
  clock?: Clock;
  /** How often to look for a settings change made by another process of the site. */
  settingsWatchMs?: number;
  /** How often open notification streams look for notices made by another process (tests shorten it). */
  notificationPollMs?: number;
  /** Caps on server-sent event streams; by default from the configuration and the process's open-file limit. */
  streamLimits?: StreamLimits;
}

/** Builds the whole site: plugins, then each area's routes, then error and 404 handlers. Tests build it too. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, dialect } = options;
  const clock = options.clock ?? systemClock;
  const timeouts = options.timeouts ?? defaultTimeouts;
  const app = Fastify({
    logger: options.logger ?? false,
    ...(options.logger ? { childLoggerFactory: requestLogger } : {}),
    // A client has this long to send its whole request, body included (a body trickled one byte every 2 s held its
    // socket over 150 s), and its headers; a socket idle this long is closed. Node checks every checkIntervalMs.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    // The original client calls `//reset_password` and `/courses/`: both reach their routes.
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from a proxy on this machine (nginx in front); anyone else could forge it
    // to dodge the per-IP rate limits.
    trustProxy: ['127.0.0.1', '::1'],
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  acceptEmptyBodies(app);
  refuseUnstorableText(app);
  const cspWithInline = registerSecurityHeaders(app, config);

  // Per-IP limits counted in the database, shared by every process; a database hiccup skips the limit rather
  // than failing the request.
  await app.register(rateLimitPlugin, {
    global: false,
    store: rateLimitStore(createDbCounterStore(db, clock), clock),
    skipOnError: true,
  });
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 30, fieldSize: 16 * 1024, parts: 32, headerPairs: 100 },
  });

  const onMailQueued = options.onMailQueued;
  // Every message is queued through it; it wakes the mail worker once the transaction that queued it commits.
  const mail = createMailQueue({ wake: () => onMailQueued?.(), log: app.log });
  const afterAnswer = createAfterAnswer(app.log);
  // Closing waits for it: the database, which it uses, is closed only once the app has closed.
  app.addHook('onClose', () => afterAnswer.settled());
  app.decorate('afterAnswer', afterAnswer);
  // With PostgreSQL, live events cross processes by LISTEN/NOTIFY on one connection of its own.
  const liveBus = createLiveBus({
    log: app.log,
    postgresUrl: dialect === 'postgres' && !config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl : undefined,
  });
  await liveBus.start();
  app.addHook('onClose', () => liveBus.close());
  app.decorate('liveBus', liveBus);
  const streamRegistry = createStreamRegistry({
    limits: options.streamLimits ?? defaultStreamLimits(undefined, config.maxEventStreams),
    liveSessions: (ids) => liveSessionIds(db, ids, clock()),
    log: app.log,
  });
  app.addHook('onClose', () => streamRegistry.close());
  app.decorate('streamRegistry', streamRegistry);
  const notificationHub = createNotificationHub({ db, log: app.log, pollMs: options.notificationPollMs });
  app.addHook('onClose', () => notificationHub.close());
  app.decorate('notificationHub', notificationHub);
  const notifications = createNotificationsService({ db, hub: notificationHub, mail, log: app.log, clock });
  const counters = createDbCounterStore(db, clock);
  const settings = createSettingsService({ db, config, log: app.log, clock });
  await settings.ensureDefaults();
  const grader = options.grader ?? createGrader({ concurrency: config.graderWorkers, log: app.log });
  app.decorate('grader', grader);
  app.addHook('onClose', () => grader.close());
  const importReader = options.importReader ?? createImportReader({ log: app.log });
  app.addHook('onClose', () => importReader.close());
  const ipLimits: IpRateLimits = { ...defaultIpRateLimits, ...options.ipRateLimits };
  const limitWrites = createAccountWriteLimiter(counters, options.accountWriteLimits ?? defaultAccountWriteLimits);
  // What every area is built from.
  const deps: AppDeps = {
    db,
    dialect,
    config,
    clock,
    log: app.log,
    mail,
    notifications,
    live: liveBus,
    afterAnswer,
    counters,
    settings,
    timeZone: settings.timeZone,
    feePaise: settings.feePaise,
    streams: streamRegistry,
    ipLimits,
    limitWrites,
    accountLimits: options.accountLimits ?? defaultAccountLimits(),
    grader,
    importReader,
  };

  const shared = createSharedServices(deps, { gatewayTimeoutMs: options.gatewayTimeoutMs });
  app.decorate('payments', shared.payments);
  app.decorate('reminders', shared.reminders);
  app.decorate('mailAttachments', {
    receipt: shared.receipts.attachment,
    certificate: shared.certificates.attachment,
  } satisfies AttachmentRenderers);
  const { landingTestimonials } = shared;

  // Every API route lives in this context, where login is required unless a route says otherwise.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  await app.register(async (api) => {
    registerAuthGuard(api, db, dialect, apiRoutes, clock);
    registerTimedWorkGuard(api, { db, clock, timeZone: settings.timeZone });
    registerAccountWriteLimits(api, limitWrites);
    // An API answer is personal or carries a token unless its route says otherwise: no cache keeps it.
    api.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
      done(null, payload);
    });
    // Each area builds its service from `deps` and registers its routes.
    for (const area of areas) await api.register(area, { ...deps, ...shared });
  });

  // Applied first (the course time zone), so the pages rendered next are not rendered a second time for it.
  await settings.refresh();
  const pages = options.distDir
    ? await loadWebPages(
        options.distDir,
        { site: await settings.current(), testimonials: await landingTestimonials.current() },
        cspWithInline,
      )
    : undefined;
  if (pages) {
    settings.onChange((site) => pages.rerender({ site }));
    app.addHook('onClose', landingTestimonials.follow(pages, options.settingsWatchMs ?? 2000));
  }
  settings.watch(options.settingsWatchMs ?? 2000);
  app.decorate('refreshSiteSettings', () => settings.refresh());
  app.addHook('onClose', () => settings.stop());
  if (options.distDir && pages) {
    await app.register(fastifyStatic, {
      root: resolve(options.distDir, 'web'),
      index: false,
      cacheControl: false,
      wildcard: false,
      // The build writes .br and .gz next to each asset (scripts/compress-assets.mjs); served to clients that take
      // them.
      preCompressed: true,
      setHeaders(res, path) {
        const immutable = path.includes(`${join('web', 'assets')}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // A client route is always a page; any other path is a 404 page for a browser and JSON for everyone else.
    if (pages && isRead && (findClientRoute(pathname) || (request.headers.accept ?? '').includes('text/html'))) {
      const page = pages.pageFor(pathname);
      return sendCompressed(
        request,
        reply
          .status(page.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .headers(page.csp ? { 'content-security-policy': page.csp } : {}),
        page.html,
      );
    }
    return reply.status(404).send(errorBody('notFound', [`No route for ${request.method} ${pathname}`]));
  });

  return app;
}

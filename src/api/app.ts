import { type Clock, systemClock } from '../contracts/clock.js';
import type { AttachmentRenderers } from './mail/mail-attachments.js';
import { join, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import rateLimitPlugin from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { PHOTO_MAX_BYTES, PHOTO_UPLOADS_PER_HOUR } from '../contracts/accounts.js';
import { AttemptLimiter } from './auth/attempt-limiter.js';
import { findClientRoute } from '../contracts/paths.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { adminStudentsRoutes } from './admin/admin-students.routes.js';
import { batchesRoutes } from './admin/batches.routes.js';
import { createBatchesService } from './admin/batches.service.js';
import { createStudentListsService } from './admin/student-lists.service.js';
import { createStudentAdminService } from './admin/student-status.service.js';
import { createReceiptNotice } from './payments/receipt-notice.js';
import {
  type AccountLimits,
  createAccountsService,
  defaultAccountLimits,
  sharedAccountLimits,
} from './accounts/accounts.service.js';
import { createDbCounterStore, rateLimitStore } from './common/counters.js';
import { type ApiRoute, registerAuthGuard } from './auth/auth-guard.js';
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
import { coursesRoutes } from './courses/courses.routes.js';
import { createCoursesService } from './courses/courses.service.js';
import { doubtsRoutes } from './doubts/doubts.routes.js';
import { createDoubtsService } from './doubts/doubts.service.js';
import { outboxRoutes } from './mail/outbox.routes.js';
import { overviewRoutes } from './overview/overview.routes.js';
import { createOverviewService } from './overview/overview.service.js';
import { createOutboxService } from './mail/outbox.service.js';
import { createMailQueue } from './mail/mail-queue.js';
import { exercisesRoutes } from './exercises/exercises.routes.js';
import { createExercisesService } from './exercises/exercises.service.js';
import { createGrader, type Grader } from './grader/grader.js';
import { gradebookRoutes } from './gradebook/gradebook.routes.js';
import { createGradebookService } from './gradebook/gradebook.service.js';
import { similarityRoutes } from './similarity/similarity.routes.js';
import { createSimilarityService } from './similarity/similarity.service.js';
import { createRazorpayGateway } from './payments/payment-gateway.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { createReceiptsService } from './payments/receipts.service.js';
import { receiptsRoutes } from './payments/receipts.routes.js';
import { createPaymentsService, type PaymentsService } from './payments/payments.service.js';
import { createTestGateway } from './payments/test-gateway.js';
import { programsRoutes } from './programs/programs.routes.js';
import { createProgramsService } from './programs/programs.service.js';
import { quizRoutes } from './quiz/quiz.routes.js';
import { scheduleRoutes } from './schedule/schedule.routes.js';
import { createScheduleService } from './schedule/schedule.service.js';
import { homeRoutes } from './home/home.routes.js';
import { createHomeService } from './home/home.service.js';
import { createQuizService } from './quiz/quiz.service.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { createSettingsService } from './settings/settings.service.js';
import { siteRoutes } from './site/site.routes.js';
import { createSiteService } from './site/site.service.js';
import { profileRoutes } from './students/profile.routes.js';
import { createTestimonialsService } from './testimonials/testimonials.service.js';
import type { Testimonial } from '../contracts/site.js';
import { testimonialsRoutes } from './testimonials/testimonials.routes.js';
import { calendarRoutes } from './calendar/calendar.routes.js';
import { createCalendarService } from './calendar/calendar.service.js';
import { certificatesRoutes } from './certificates/certificates.routes.js';
import { createCertificatesService } from './certificates/certificates.service.js';
import { remindersRoutes } from './reminders/reminders.routes.js';
import { createRemindersService, type RemindersService } from './reminders/reminders.service.js';
import { createProfileService } from './students/profile.service.js';
import { createNotificationHub, type NotificationHub } from './notifications/notification-hub.js';
import { createLiveBus, type LiveBus } from './live/live-bus.js';
import { type AfterAnswer, createAfterAnswer } from './common/after-answer.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
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
  const cspWithInline = await registerSecurityHeaders(app, config);

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
  const accounts = createAccountsService({
    db,
    config,
    limits: sharedAccountLimits(options.accountLimits ?? defaultAccountLimits(), counters),
    mail,
    afterAnswer,
    clock,
  });
  const profiles = createProfileService({
    db,
    config,
    photoUploads: new AttemptLimiter(PHOTO_UPLOADS_PER_HOUR, 60 * 60_000, counters, 'photo-uploads'),
    mail,
    afterAnswer,
    clock,
  });
  const settings = createSettingsService({ db, config, log: app.log, clock });
  await settings.ensureDefaults();
  const certificates = createCertificatesService({
    db,
    config,
    notifications,
    clock,
    timeZone: settings.timeZone,
  });
  const admin = createStudentAdminService(
    db,
    settings.feePaise,
    certificates.onStatusChange,
    createReceiptNotice({ config, notifications, clock }),
    clock,
  );
  const { keyId, keySecret, apiUrl } = config.razorpay;
  const testGateway = config.testGateway ? createTestGateway(db) : undefined;
  const payments = createPaymentsService({
    db,
    config,
    feePaise: settings.feePaise,
    gateway:
      testGateway ??
      createRazorpayGateway({
        apiUrl,
        keyId: keyId ?? '',
        keySecret: keySecret ?? '',
        timeoutMs: options.gatewayTimeoutMs,
      }),
    testGateway,
    log: app.log,
    notifications,
    clock,
  });
  app.decorate('payments', payments);
  const receipts = createReceiptsService({ db, siteInfo: settings.current });
  app.decorate('mailAttachments', {
    receipt: receipts.attachment,
    certificate: certificates.attachment,
  } satisfies AttachmentRenderers);
  const grader = options.grader ?? createGrader({ concurrency: config.graderWorkers, log: app.log });
  app.decorate('grader', grader);
  app.addHook('onClose', () => grader.close());
  const exercises = createExercisesService({
    db,
    grader,
    counters,
    config,
    notifications,
    live: liveBus,
    clock,
  });
  const programs = createProgramsService({
    db,
    config,
    notifications,
    clock,
    timeZone: settings.timeZone,
  });
  const site = createSiteService({ db, dialect, settings });
  const schedule = createScheduleService({ db, clock, timeZone: settings.timeZone });
  const home = createHomeService({ db, schedule, clock, timeZone: settings.timeZone });
  const studentLists = createStudentListsService(db, dialect, schedule.attendanceCounts, clock, settings.timeZone);
  // The landing page carries the approved testimonials: a moderation re-renders it before answering.
  let testimonialsChanged = async () => {};
  const testimonials = createTestimonialsService(db, () => testimonialsChanged(), clock);
  const gradebook = createGradebookService({ db, clock });
  const similarity = createSimilarityService({ db, log: app.log, clock });
  app.addHook('onClose', () => similarity.close());
  const batches = createBatchesService({ db, config, mail, notifications, clock, timeZone: settings.timeZone });
  const courses = createCoursesService(db);
  const quiz = createQuizService(db, clock);
  const doubts = createDoubtsService({ db, config, notifications, clock });
  const outbox = createOutboxService(db);
  const overview = createOverviewService({ db, clock, timeZone: settings.timeZone });
  const calendar = createCalendarService({ db, config, timeZone: settings.timeZone });
  const reminders = createRemindersService({
    db,
    config,
    log: app.log,
    mail,
    notifications,
    clock,
    timeZone: settings.timeZone,
  });
  app.decorate('reminders', reminders);
  const ipLimits: IpRateLimits = { ...defaultIpRateLimits, ...options.ipRateLimits };
  const limitWrites = createAccountWriteLimiter(counters, options.accountWriteLimits ?? defaultAccountWriteLimits);

  // Every API route lives in this context, where login is required unless a route says otherwise.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  await app.register(async (api) => {
    registerAuthGuard(api, db, dialect, apiRoutes, clock);
    registerAccountWriteLimits(api, limitWrites);
    // An API answer is personal or carries a token unless its route says otherwise: no cache keeps it.
    api.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
      done(null, payload);
    });
    await api.register(siteRoutes, { site });
    await api.register(settingsRoutes, { settings });
    await api.register(accountsRoutes, { accounts, ipLimits, streams: streamRegistry });
    await api.register(profileRoutes, { profiles, admin, ipLimits });
    await api.register(adminStudentsRoutes, { admin, studentLists });
    await api.register(batchesRoutes, { batches, admin });
    await api.register(coursesRoutes, { courses });
    await api.register(scheduleRoutes, { schedule });
    await api.register(programsRoutes, { programs });
    await api.register(quizRoutes, { quiz });
    await api.register(doubtsRoutes, { doubts });
    await api.register(outboxRoutes, { outbox });
    await api.register(exercisesRoutes, { exercises, streams: streamRegistry });
    await api.register(paymentsRoutes, { payments });
    await api.register(receiptsRoutes, { receipts });
    await api.register(calendarRoutes, { calendar });
    await api.register(remindersRoutes, { reminders, ipLimits, limitWrites });
    await api.register(homeRoutes, { home });
    await api.register(gradebookRoutes, { gradebook });
    await api.register(similarityRoutes, { similarity });
    await api.register(notificationsRoutes, { notifications, streams: streamRegistry });
    await api.register(overviewRoutes, { overview });
    await api.register(testimonialsRoutes, { testimonials });
    await api.register(certificatesRoutes, { certificates });
  });

  // Applied first (the course time zone), so the pages rendered next are not rendered a second time for it.
  await settings.refresh();
  const landingTestimonials = async () => (await studentLists.testimonials()).value.raw.toString();
  let renderedTestimonials = options.distDir ? await landingTestimonials() : '';
  const pages = options.distDir
    ? await loadWebPages(
        options.distDir,
        { site: await settings.current(), testimonials: JSON.parse(renderedTestimonials) as Testimonial[] },
        cspWithInline,
      )
    : undefined;
  if (pages) {
    settings.onChange((site) => pages.rerender({ site }));
    // Approvals through this process re-render at once; any change through another (or a student's status or
    // photo) within a watch interval: the list is cached per version of the students table, so a look is cheap.
    let rerendering = Promise.resolve();
    testimonialsChanged = async () => {
      const latest = await landingTestimonials();
      // A render of this very list may be under way (the watch saw it first): wait for it.
      if (latest !== renderedTestimonials) {
        renderedTestimonials = latest;
        rerendering = pages.rerender({ testimonials: JSON.parse(latest) as Testimonial[] }).catch((error: unknown) => {
          // Not shown: the next look renders it again.
          renderedTestimonials = '';
          throw error;
        });
      }
      await rerendering;
    };
    const testimonialsWatch = setInterval(() => {
      testimonialsChanged().catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not check the testimonials for a change'),
      );
    }, options.settingsWatchMs ?? 2000);
    testimonialsWatch.unref();
    app.addHook('onClose', () => clearInterval(testimonialsWatch));
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

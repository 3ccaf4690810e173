import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../contracts/clock.js';
import type { AccountLimits } from './accounts/accounts.service.js';
import type { ApiRoute } from './auth/auth-guard.js';
import type { AfterAnswer } from './common/after-answer.js';
import type { Config } from './config/env.js';
import type { DialectName } from './db/database.js';
import type { Database } from './db/schema.js';
import type { ImportReader } from './exercises/authoring/import-reader.js';
import type { Grader } from './grader/grader.js';
import type { AccountWriteLimits } from './http/account-write-limits.js';
import type { IpRateLimits } from './http/rate-limits.js';
import type { StreamLimits, StreamRegistry } from './http/stream-limits.js';
import type { LiveBus } from './live/live-bus.js';
import type { AttachmentRenderers } from './mail/mail-attachments.js';
import type { NotificationHub } from './notifications/notification-hub.js';
import type { PaymentsService } from './payments/payments.service.js';
import { registerApi } from './plugins/api-routes.js';
import { createHttpServer } from './plugins/http-server.js';
import { openInfrastructure } from './plugins/infrastructure.js';
import { serveWebPages } from './plugins/web-serving.js';
import type { RemindersService } from './reminders/reminders.service.js';
import { createSharedServices } from './shared-services.js';

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

/**
 * Builds the whole site, in order: the HTTP server and its guards, the infrastructure (each piece closed with the
 * app), the services several areas share, every area's routes, then the pages and the answer to unknown paths.
 * Tests build it too.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const { app, cspWithInline } = await createHttpServer(options, options.timeouts ?? defaultTimeouts, clock);
  const deps = await openInfrastructure(app, options, clock);
  const shared = createSharedServices(deps, { gatewayTimeoutMs: options.gatewayTimeoutMs });
  app.decorate('payments', shared.payments);
  app.decorate('reminders', shared.reminders);
  app.decorate('mailAttachments', {
    receipt: shared.receipts.attachment,
    certificate: shared.certificates.attachment,
  } satisfies AttachmentRenderers);
  await registerApi(app, { ...deps, ...shared });
  await serveWebPages(app, {
    distDir: options.distDir,
    settings: deps.settings,
    landingTestimonials: shared.landingTestimonials,
    cspWithInline,
    watchMs: options.settingsWatchMs ?? 2000,
  });
  return app;
}

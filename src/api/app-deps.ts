import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../contracts/clock.js';
import type { TimeZone } from '../contracts/dates.js';
import type { AccountLimits } from './accounts/accounts.service.js';
import type { AfterAnswer } from './common/after-answer.js';
import type { CounterStore } from './common/counters.js';
import type { Config } from './config/env.js';
import type { DialectName } from './db/database.js';
import type { Database } from './db/schema.js';
import type { Grader } from './grader/grader.js';
import type { ImportReader } from './exercises/authoring/import-reader.js';
import type { AccountWriteLimiter } from './http/account-write-limits.js';
import type { IpRateLimits } from './http/rate-limits.js';
import type { StreamRegistry } from './http/stream-limits.js';
import type { LiveBus } from './live/live-bus.js';
import type { MailQueue } from './mail/mail-queue.js';
import type { NotificationsService } from './notifications/notifications.service.js';
import type { SettingsService } from './settings/settings.service.js';
import type { SharedServices } from './shared-services.js';

/**
 * What every area of the site is built from: the app makes it once (the infrastructure), and each area's plugin
 * builds its own service from it (`createXService(deps)`, one object) and registers its routes. Effects after a
 * write (mail, notices, live events) go through `mail`, `notifications` and `live`, inside the write's transaction.
 */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  /** The time now, the one clock every service reads. */
  clock: Clock;
  log: FastifyBaseLogger;
  /** Queues mail; the mail worker is woken once the transaction commits. */
  mail: MailQueue;
  notifications: NotificationsService;
  /** Live supervision's event bus. */
  live: LiveBus;
  /** Work started by a route and not awaited by it. */
  afterAnswer: AfterAnswer;
  /** Counters shared by every process (rate limits, job slots). */
  counters: CounterStore;
  /** The site settings, read through their cache. */
  settings: SettingsService;
  /** The course's time zone (a site setting). */
  timeZone: () => Promise<TimeZone>;
  /** The course fee now (a site setting). */
  feePaise: () => Promise<number>;
  /** The caps every event stream of the process shares. */
  streams: StreamRegistry;
  ipLimits: IpRateLimits;
  limitWrites: AccountWriteLimiter;
  accountLimits: AccountLimits;
  grader: Grader;
  /** Reads exercise import files in a worker thread of their own. */
  importReader: ImportReader;
}

/** What an area is handed: the infrastructure and the services several areas share (shared-services.ts). */
export type AreaDeps = AppDeps & SharedServices;

/** An area of the site: a plugin that builds its service from the app's dependencies and registers its routes. */
export type Area = FastifyPluginAsyncZod<AreaDeps>;

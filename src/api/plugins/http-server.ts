import multipart from '@fastify/multipart';
import rateLimitPlugin from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../contracts/clock.js';
import { PHOTO_MAX_BYTES } from '../../contracts/accounts.js';
import '../../contracts/zod-messages.js';
import type { AppOptions, RequestTimeouts } from '../app.js';
import { createDbCounterStore, rateLimitStore } from '../common/counters.js';
import { acceptEmptyBodies } from '../http/empty-body.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { requestLogger } from '../http/logging.js';
import { registerSecurityHeaders } from '../http/security-headers.js';
import { refuseUnstorableText } from '../http/storable-text.js';
import type { CspWithInline } from '../http/web-pages.js';

/**
 * The HTTP server before any route: its timeouts and limits, validation by each route's schema, JSON errors, the
 * security headers on every answer, per-IP rate limits and multipart uploads. Returns it with the
 * Content-Security-Policy a page with inline styles and scripts is sent with.
 */
export async function createHttpServer(
  options: AppOptions,
  timeouts: RequestTimeouts,
  clock: Clock,
): Promise<{ app: FastifyInstance; cspWithInline: CspWithInline }> {
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
  const cspWithInline = registerSecurityHeaders(app, options.config);
  // Per-IP limits counted in the database, shared by every process; a database hiccup skips the limit rather
  // than failing the request.
  await app.register(rateLimitPlugin, {
    global: false,
    store: rateLimitStore(createDbCounterStore(options.db, clock), clock),
    skipOnError: true,
  });
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 30, fieldSize: 16 * 1024, parts: 32, headerPairs: 100 },
  });
  return { app, cspWithInline };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { messages } from '../../contracts/messages.js';
import type { DialectName } from '../db/database.js';
import type { Database, StudentRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { ContentVersions } from '../common/versioned-cache.js';
import { sessionFinder } from './sessions.repository.js';

export type Access = 'public' | 'student' | 'admin';

export interface AuthContext {
  student: StudentRow;
  sessionId: number;
  /** Read with the session, for the caches (see VersionedCache). */
  contentVersions: ContentVersions;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; routes in the API default to 'student' (login required). */
    access?: Access;
    /** A signed-in account whose email is not verified yet may call it (logout, resend). */
    allowUnverified?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Every API route with who may call it: the permission-matrix test reads this list. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** The route's body schema, if any: the fuzz tests build requests from it. */
  body?: unknown;
}

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{20,200}$/;

/** The bearer token, or the original client's `token` header; whatever the route does with it. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  // The usual form first, without the regular expressions (trim drops the same white space as \s+).
  const bearer =
    typeof header === 'string'
      ? header.startsWith('Bearer ')
        ? header.slice(7).trim()
        : /^Bearer\s+/i.test(header)
          ? header.replace(/^Bearer\s+/i, '').trim()
          : undefined
      : undefined;
  const token = bearer ?? (typeof request.headers.token === 'string' ? request.headers.token.trim() : undefined);
  return token && TOKEN_FORMAT.test(token) ? token : undefined;
}

/**
 * Login is required by default for every route registered in `app`; public routes say so with
 * `config: { access: 'public' }`, admin routes with `access: 'admin'`. The check is a hook, not code in handlers.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  db: Kysely<Database>,
  dialect: DialectName,
  routes: ApiRoute[] = [],
  clock: Clock = systemClock,
): void {
  app.decorateRequest('auth', null);
  const findSession = sessionFinder(db, dialect, clock);

  app.addHook('onRoute', (route) => {
    route.config = { access: 'student', ...(route.config ?? {}) } as typeof route.config;
    const access = (route.config as { access?: Access }).access ?? 'student';
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, access, body: route.schema?.body });
  });

  app.addHook('onRequest', async (request) => {
    const token = requestToken(request);
    if (token) {
      const found = await findSession(token);
      if (found)
        request.auth = { student: found.student, sessionId: found.session.id, contentVersions: found.contentVersions };
    }
    const { access = 'student', allowUnverified = false } = request.routeOptions.config;
    if (access === 'public') return;
    if (!request.auth) throw new AppError('unauthorized', token ? messages.sessionExpired : undefined);
    if (access === 'admin' && request.auth.student.role !== 'admin') throw new AppError('forbidden');
    if (!allowUnverified && !request.auth.student.activated)
      throw new AppError('emailNotVerified', messages.emailNotVerified);
  });
}

/** The signed-in account of a route whose access is 'student' or 'admin' (the guard already checked it). */
export function currentStudent(request: FastifyRequest): StudentRow {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth.student;
}

import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { findClientRoute } from '../contracts/paths.js';
import type { Config } from './config/env.js';
import type { DialectName } from './db/database.js';
import type { Database } from './db/schema.js';
import { errorBody } from './http/app-error.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { loadWebPages } from './http/web-pages.js';
import { siteRoutes } from './site/site.routes.js';
import { studentsRoutes } from './students/students.routes.js';

export interface AppOptions {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the build wrote web/ (assets) and pages/ (prerendered HTML); absent in API-only tests. */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole site: plugins, then each area's routes, then error and 404 handlers. Tests build it too. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, dialect } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // The spec's client calls `//reset_password` and `/courses/`: both reach their routes.
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);

  await app.register(siteRoutes, { db, dialect, config });
  await app.register(studentsRoutes, { db });

  const pages = options.distDir ? loadWebPages(join(options.distDir, 'pages')) : undefined;
  if (options.distDir && pages) {
    await app.register(fastifyStatic, {
      root: resolve(options.distDir, 'web'),
      index: false,
      cacheControl: false,
      wildcard: false,
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
      return reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page.html);
    }
    return reply.status(404).send(errorBody('notFound', [`No route for ${request.method} ${pathname}`]));
  });

  return app;
}

import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { findClientRoute } from '../../contracts/paths.js';
import { errorBody } from '../http/app-error.js';
import { sendCompressed } from '../http/compressed-body.js';
import { type CspWithInline, loadWebPages, type WebPages } from '../http/web-pages.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { SharedServices } from '../shared-services.js';

interface WebServing {
  /** Where the build wrote web/ (assets) and pages/ (prerendered HTML); absent in API-only tests. */
  distDir: string | undefined;
  settings: SettingsService;
  landingTestimonials: SharedServices['landingTestimonials'];
  cspWithInline: CspWithInline;
  /** How often to look for a settings or testimonial change made by another process of the site. */
  watchMs: number;
}

/**
 * The pages (prerendered, rendered again when the settings or the landing page's testimonials change, each
 * follower stopped with the app), the built assets, and the answer to every path no route took: a page for a
 * browser, JSON for everyone else.
 */
export async function serveWebPages(app: FastifyInstance, serving: WebServing): Promise<void> {
  const { distDir, settings, landingTestimonials, watchMs } = serving;
  // Applied first (the course time zone), so the pages rendered next are not rendered a second time for it.
  await settings.refresh();
  const pages = distDir
    ? await loadWebPages(
        distDir,
        { site: await settings.current(), testimonials: await landingTestimonials.current() },
        serving.cspWithInline,
      )
    : undefined;
  if (pages) {
    settings.onChange((site) => pages.rerender({ site }));
    app.addHook('onClose', landingTestimonials.follow(pages, watchMs));
  }
  settings.watch(watchMs);
  app.decorate('refreshSiteSettings', () => settings.refresh());
  app.addHook('onClose', () => settings.stop());
  if (distDir && pages) await serveAssets(app, distDir);
  answerUnrouted(app, pages);
}

async function serveAssets(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: resolve(distDir, 'web'),
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

function answerUnrouted(app: FastifyInstance, pages: WebPages | undefined): void {
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
}

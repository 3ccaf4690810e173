import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';
import type { InlineHashes } from '../../prerender/render-pages.js';

/**
 * A strict Content-Security-Policy: the auth token lives in local storage (the original client keeps it there),
 * so script injection is the main threat. Razorpay's origins are allowed only with live keys. The static pages
 * carry their CSS in a <style> element and their island script inline, each allowed by its hash alone.
 */
export function contentSecurityPolicy(live: boolean, inline: InlineHashes = { styles: [], scripts: [] }): string {
  // Checkout's script, the frames it opens, the calls it makes and the images it shows (Razorpay's docs and
  // integrations list these origins); none of them without live keys.
  const razorpay = (...origins: string[]) => (live ? origins : []);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      ["'self'", ...razorpay('https://checkout.razorpay.com', 'https://cdn.razorpay.com'), ...inline.scripts],
    ],
    ['style-src', ["'self'", ...inline.styles]],
    // The C editor (CodeMirror) positions its layers with style attributes. Attributes can't run script or load
    // anything; <style> elements stay blocked (the editor lives in a shadow root, styled by constructed stylesheets).
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', ...razorpay('https://cdn.razorpay.com')]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...razorpay('https://api.razorpay.com', 'https://lumberjack.razorpay.com')]],
    [
      'frame-src',
      [
        'https://www.youtube-nocookie.com',
        'https://drive.google.com',
        ...razorpay('https://api.razorpay.com', 'https://checkout.razorpay.com'),
      ],
    ],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';');
}

/**
 * Every response's security headers, written out: the policy above and the headers Helmet 8 sets by default (the
 * values it would send, so a reader need not look them up), except Cross-Origin-Embedder-Policy, which would stop
 * YouTube's player from loading. Strict-Transport-Security only for a site served over https.
 */
function securityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(Boolean(config.razorpay.keyId)),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(config.appUrl.startsWith('https://')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Sets the headers on every response (pages, API answers, errors, 404s) from one ready map; returns the policy for
 * a page with inline styles and scripts (the pages are rendered ahead: this runs once per render).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): (inline: InlineHashes) => string {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const live = Boolean(config.razorpay.keyId);
  return (inline) => contentSecurityPolicy(live, inline);
}

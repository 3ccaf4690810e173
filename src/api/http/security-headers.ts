import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';
import { insertLiteral } from '../../prerender/insert-literal.js';

/**
 * A strict Content-Security-Policy: the auth token lives in local storage (the original client keeps it there),
 * so script injection is the main threat. Razorpay's origins are allowed only with live keys. Returns the policy
 * for a page with inline styles and scripts: the static pages carry their CSS in a <style> element and their island
 * script inline, each allowed by its hash alone (the pages are rendered ahead: this runs once per render).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
): Promise<(hashes: { styles: string[]; scripts: string[] }) => string> {
  const live = Boolean(config.razorpay.keyId);
  // Checkout's script, the frames it opens, the calls it makes and the images it shows (Razorpay's docs and
  // integrations list these origins); none of them without live keys.
  const razorpayScripts = live ? ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'] : [];
  const razorpayFrames = live ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [];
  const razorpayCalls = live ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : [];
  const razorpayImages = live ? ['https://cdn.razorpay.com'] : [];
  const headers = precompute({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...razorpayScripts],
        styleSrc: ["'self'"],
        // The C editor (CodeMirror) positions its layers with style attributes. Attributes can't run script or
        // load anything; <style> elements stay blocked (the editor lives in a shadow root, styled by constructed
        // stylesheets).
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', ...razorpayImages],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...razorpayCalls],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://drive.google.com', ...razorpayFrames],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin embeds (YouTube's player) must still load.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.appUrl.startsWith('https://'),
  });
  // The same headers on every response (pages, API answers, errors, 404s), set once per request from a ready map.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const policy = headers['content-security-policy'] ?? '';
  const add = (text: string, directive: string, sources: string[]) =>
    sources.length > 0 ? insertLiteral(text, `${directive} 'self'`, `${directive} 'self' ${sources.join(' ')}`) : text;
  return ({ styles, scripts }) => add(add(policy, 'style-src', styles), 'script-src', scripts);
}

/** Helmet works out the headers from its options; they never change, so it runs once instead of per request. */
function precompute(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let error: unknown;
  helmet(options)({} as never, response as never, (failure?: unknown) => {
    error = failure;
  });
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return headers;
}

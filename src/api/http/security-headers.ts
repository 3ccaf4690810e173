import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';

/**
 * A strict Content-Security-Policy: the auth token lives in local storage (the spec says so),
 * so script injection is the main threat. Razorpay's origins are allowed only with live keys.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const razorpay = config.razorpay.keyId ? ['https://checkout.razorpay.com', 'https://api.razorpay.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...razorpay],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...razorpay],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://drive.google.com', ...razorpay],
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
}

import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilent } from 'pino';

/**
 * No secret reaches a log. Links carry them in two places: query strings (`/StudentEmailVerified?token=…` holds a
 * session, `/ResetPassword?token=…` a reset token) and path segments (a private feed's key). Replaying either would
 * sign in or reset a password, so every URL is redacted before it is written, at every level.
 */
export const REDACTED = '[redacted]';

const SECRET_PARAM = /token|secret|key|signature|password|passwd|code|auth|session|otp|hash/i;
/**
 * What the site's secrets look like: 20 or more URL-safe base64 characters with a digit among them (random tokens,
 * hex digests); a word such as `StudentEmailVerified` has none.
 */
const SECRET_VALUE = /^(?=[^.]*[0-9])[A-Za-z0-9_-]{20,}$/;
const SECRET_SEGMENT = /^(?=[^.]*[0-9])[A-Za-z0-9_-]{20,}(\.[A-Za-z0-9]{1,5})?$/;

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return SECRET_VALUE.test(safeDecode(pair)) ? REDACTED : pair;
      const name = safeDecode(pair.slice(0, eq));
      const value = safeDecode(pair.slice(eq + 1));
      return SECRET_PARAM.test(name) || SECRET_VALUE.test(value) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** A path with its query, as a request line or a link carries it, with every secret replaced. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = queryAt >= 0 ? withoutHash.slice(queryAt + 1) : undefined;
  // A calendar feed's token is the segment after /calendar/, whatever it looks like (one in ~1400 has no digit).
  const cleanPath = path
    .split('/')
    .map((segment, index, all) =>
      SECRET_SEGMENT.test(safeDecode(segment)) || (index > 0 && all[index - 1] === 'calendar' && segment !== '')
        ? REDACTED
        : segment,
    )
    .join('/');
  return query === undefined ? cleanPath : `${cleanPath}?${redactQuery(query)}`;
}

/** Every http(s) link inside a text (an email printed to the log) with its secrets replaced. */
export function redactLinks(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>]+/g, (link) => {
    const match = link.match(/^(https?:\/\/[^/?#]+)(.*)$/);
    return match ? `${match[1]}${redactUrl(match[2] ?? '')}` : link;
  });
}

/** The site's logger: one JSON line per request, URLs redacted, credentials in headers never serialised. */
export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.token', 'req.headers.cookie'],
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}

type Level = Exclude<LevelWithSilent, 'silent'>;
type Parent = FastifyBaseLogger & { isLevelEnabled?: (level: Level) => boolean };

/**
 * A request's logger, which makes pino's child (bound to the request id) at the request's first line at an enabled
 * level. Fastify makes a child for every request, and pino makes one by serialising its bindings: about 2 % of a
 * cached GET's CPU, though at the production level (warn) a request that goes well writes nothing.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Parent & { isLevelEnabled: (level: Level) => boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  silent(): void {}

  /** Writes through pino's child when the level is on (pino's own methods for levels that are off do nothing). */
  write(level: Level, args: unknown[]): void {
    if (!this.#child && !this.parent.isLevelEnabled(level)) return;
    const real = this.real;
    (real[level] as (...line: unknown[]) => void).apply(real, args);
  }
}
for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      this.write(level, args);
    },
  });
}

/** Fastify's childLoggerFactory: each request's logger, made lazily (see RequestLogger). */
export function requestLogger(parent: Parent, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  // A route's own level, or a logger without level checks: the child at once, as Fastify makes it.
  if (options.level !== undefined || typeof parent.isLevelEnabled !== 'function')
    return parent.child(bindings, options);
  return new RequestLogger(
    parent as Parent & { isLevelEnabled: (level: Level) => boolean },
    bindings,
    options,
  ) as unknown as FastifyBaseLogger;
}

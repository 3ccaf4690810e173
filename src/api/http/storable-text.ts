import type { FastifyInstance } from 'fastify';
import { fieldMessages, hasNul } from '../../contracts/fields.js';
import { AppError } from './app-error.js';

/** True when any string inside `value` (an object, array or string, any depth) holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasNul(key) || containsNul(item, depth + 1));
}

/** A high surrogate not followed by a low one, or a low one not after a high one (matched as UTF-16 code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * `value` with every string in it (keys too, any depth) made well-formed UTF-16: a lone surrogate (JSON can carry
 * "\ud800") becomes U+FFFD, as any UTF-8 decoder would read it. Unchanged (the same object) when nothing needed it.
 */
export function wellFormed<T>(value: T, depth = 0): T {
  if (typeof value === 'string')
    return (LONE_SURROGATE.test(value) ? value.replace(LONE_SURROGATES, '\uFFFD') : value) as T;
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => wellFormed(item, depth + 1));
    return (items.every((item, i) => item === value[i]) ? value : items) as T;
  }
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const pair = [wellFormed(key), wellFormed(item, depth + 1)] as const;
    changed ||= pair[0] !== key || pair[1] !== item;
    return pair;
  });
  return (changed ? Object.fromEntries(entries) : value) as T;
}

/**
 * Text is stored as UTF-8 on both databases, so none that cannot be gets past the door: JSON bodies, query strings
 * and path parameters are checked here, before validation (multipart fields where they are read).
 * - PostgreSQL cannot store a NUL character in text (SQLite would, and then every reader trips on it): refused.
 * - A lone surrogate has no UTF-8 form: SQLite stored it as invalid UTF-8 and PostgreSQL's driver silently as U+FFFD.
 *   It is made U+FFFD here for both, so the two store the same text (multipart fields arrive as UTF-8 already).
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      return done(new AppError('validation', fieldMessages.nulCharacter));
    }
    request.params = wellFormed(request.params);
    request.query = wellFormed(request.query);
    request.body = wellFormed(request.body);
    done();
  });
}

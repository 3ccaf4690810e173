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

/**
 * PostgreSQL cannot store a NUL character in text (SQLite would, and then every reader trips on it), so no text
 * with one gets past the door: JSON bodies, query strings and path parameters are checked here, before validation;
 * multipart fields where they are read.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      return done(new AppError('validation', fieldMessages.nulCharacter));
    }
    done();
  });
}

import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorCode } from '../../contracts/api-errors.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, errorBody } from './app-error.js';

const fastifyCodes: Partial<Record<string, ApiErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation',
};

const byStatus: Partial<Record<number, ApiErrorCode>> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

/** One error handler: every error leaves as JSON `{ errors, code }`; a 5xx never shows its cause. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Every rule's message names its field in plain words (contracts/zod-messages.ts), so none is prefixed.
      const messages = [...new Set(error.validation.map((issue) => issue.message ?? 'A value is not valid.'))];
      return reply.status(400).send(errorBody('validation', messages));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('internal'));
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(statusOf(known)).send(errorBody(known));
    // The client went away mid-request (its body cut short): nothing failed here, and the database is fine.
    if (isClientGone(request.raw, error)) {
      request.log.debug({ code: error.code }, 'client disconnected before the request was complete');
      return reply.status(400).send(errorBody('validation', ['The request was cut short.']));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody('unavailable'));
    }
    const status = error.statusCode ?? 500;
    const byCode = status < 500 ? byStatus[status] : undefined;
    if (byCode) return reply.status(status).send(errorBody(byCode));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal'));
  });
}

function statusOf(code: ApiErrorCode): number {
  return new AppError(code).status;
}

/** A request whose connection the client closed before sending all of it ('aborted' is Node's own message). */
function isClientGone(raw: IncomingMessage, error: FastifyError): boolean {
  return raw.readableAborted || (error.code === 'ECONNRESET' && error.message === 'aborted');
}

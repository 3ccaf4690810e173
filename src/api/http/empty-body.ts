import type { FastifyInstance } from 'fastify';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A request that carries no body has no body, whatever its Content-Type says: `POST /students/logout` sent with
 * `Content-Type: application/json` and nothing after the headers logs out (the original client sends it so). Routes
 * that need a body then refuse the missing body with their own 400, never with a parser's.
 */
export function acceptEmptyBodies(app: FastifyInstance): void {
  // Synchronous (done, not async): an async hook costs every request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, _reply, done) => {
    const { headers } = request;
    if (
      BODY_METHODS.has(request.method) &&
      headers['content-type'] !== undefined &&
      headers['transfer-encoding'] === undefined &&
      (headers['content-length'] === undefined || headers['content-length'] === '0')
    ) {
      delete headers['content-type'];
    }
    done();
  });

  // A chunked body can be empty too: JSON with nothing (or only whitespace) in it is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type CompressedBody, compressBody, sendCompressed } from './compressed-body.js';

export const NO_STORE = 'no-store';

/** A JSON answer serialised once, for answers many requests share. */
export type SerializedJson = CompressedBody;

/** Passed through the route's response schema first, as Fastify's serializer would: only the fields it names go out. */
export function serializeJson<S extends z.ZodType>(schema: S, value: z.input<S>): Promise<SerializedJson> {
  // Bytes, not a string: a string would be encoded to UTF-8 again for every response.
  return compressBody(Buffer.from(JSON.stringify(schema.parse(value))));
}

/**
 * Sends a shared answer with its ETag: 304 when the browser already holds it, gzip when the browser takes it.
 * 'shared' (course sessions, testimonials): `private, no-cache`, kept by the browser only and checked with the
 * server before each use. 'personal' (students' records): `no-store`, kept nowhere.
 */
export function sendSerializedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SerializedJson,
  etag: string,
  kind: 'shared' | 'personal' = 'shared',
) {
  reply.header('etag', etag).header('cache-control', kind === 'personal' ? NO_STORE : 'private, no-cache');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return sendCompressed(request, reply.type('application/json; charset=utf-8'), body);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
}

import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

const gzipAsync = promisify(gzip);
/** Below this a gzip header and frame cost about what they save. */
const GZIP_FROM_BYTES = 1024;

/** A JSON answer serialised once, with its gzipped form, for answers many requests share. */
export interface SerializedJson {
  json: Buffer;
  gzipped: Buffer | null;
}

/** Passed through the route's response schema first, as Fastify's serializer would: only the fields it names go out. */
export async function serializeJson<S extends z.ZodType>(schema: S, value: z.input<S>): Promise<SerializedJson> {
  // Bytes, not a string: a string would be encoded to UTF-8 again for every response.
  const json = Buffer.from(JSON.stringify(schema.parse(value)));
  return { json, gzipped: json.length >= GZIP_FROM_BYTES ? await gzipAsync(json) : null };
}

/**
 * Sends a shared answer with its ETag: 304 when the browser already holds it, gzip when the browser takes it.
 * `private, no-cache`: kept by the browser only, and checked with the server before each use.
 */
export function sendSerializedJson(request: FastifyRequest, reply: FastifyReply, body: SerializedJson, etag: string) {
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (body.gzipped && acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(body.gzipped);
  return reply.send(body.json);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate === etag || candidate === `W/${etag}`;
  });
}

/** gzip named (or `*`) in Accept-Encoding without q=0. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding?.trim() !== 'gzip' && coding?.trim() !== '*') return false;
    return !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
  });
}

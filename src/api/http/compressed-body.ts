import { promisify } from 'node:util';
import { gunzip, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
/** Below this a gzip header and frame cost about what they save. */
const GZIP_FROM_BYTES = 1024;

/** An answer many requests share, as bytes and gzipped, both made once. */
export interface CompressedBody {
  raw: Buffer;
  gzipped: Buffer | null;
}

export async function compressBody(raw: Buffer): Promise<CompressedBody> {
  return { raw, gzipped: raw.length >= GZIP_FROM_BYTES ? await gzipAsync(raw) : null };
}

/** For start-up work (the prerendered pages), where nothing else is waiting yet. */
export function compressBodySync(raw: Buffer): CompressedBody {
  return { raw, gzipped: raw.length >= GZIP_FROM_BYTES ? gzipSync(raw) : null };
}

/** Sends the gzipped bytes to a client that takes gzip, the plain ones otherwise. */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: CompressedBody) {
  reply.header('vary', 'accept-encoding');
  if (body.gzipped && acceptsGzip(request.headers['accept-encoding']))
    return reply.header('content-encoding', 'gzip').send(body.gzipped);
  return reply.send(body.raw);
}

/**
 * Sends a JSON answer made gzipped elsewhere (a trace, in the run worker): as it is to a client that takes gzip,
 * unpacked off this thread (zlib's thread pool) to one that does not.
 */
export async function sendGzippedJson(request: FastifyRequest, reply: FastifyReply, gzipped: Uint8Array) {
  const bytes = Buffer.from(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(bytes);
  return reply.send(await gunzipAsync(bytes));
}

let lastHeader: string | undefined;
let lastAccepts = false;

/** gzip named (or `*`) in Accept-Encoding without q=0. A client sends the same header each time: the last is kept. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  if (header !== lastHeader) {
    lastAccepts = parseAcceptsGzip(header);
    lastHeader = header;
  }
  return lastAccepts;
}

function parseAcceptsGzip(header: string): boolean {
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding?.trim() !== 'gzip' && coding?.trim() !== '*') return false;
    return !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
  });
}

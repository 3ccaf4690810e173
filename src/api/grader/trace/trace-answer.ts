/**
 * A trace's whole answer (contracts/trace.ts `TraceResult`) as the browser receives it: JSON, gzipped. A run of
 * 100,000 steps is megabytes of JSON; it is made, checked against the answer's schema and compressed in the run
 * worker (run-worker.ts), and handed over as bytes, so the web server's thread never copies, checks or serialises
 * its objects.
 */
import { promisify } from 'node:util';
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import { parseTraceResult, type TraceResult } from '../../../contracts/trace.js';

/** The answer to a Step through request: its JSON, gzipped. */
export interface TraceAnswer {
  gzip: Uint8Array;
}

const gzipAsync = promisify(gzip);

/** Checks and compresses a whole answer, where a thread may block on it: the run worker. */
export function packTraceSync(result: TraceResult): Uint8Array {
  const bytes = gzipSync(JSON.stringify(parseTraceResult(result)));
  // Its own memory, so it can be transferred: a small Buffer may be a view of a pool other Buffers share.
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** A small answer (no run was recorded), made on the web server's thread without blocking it. */
export async function packTrace(result: TraceResult): Promise<TraceAnswer> {
  return { gzip: await gzipAsync(JSON.stringify(parseTraceResult(result))) };
}

/** The answer read back (tests and the bench). */
export function unpackTrace(answer: TraceAnswer): TraceResult {
  return JSON.parse(gunzipSync(answer.gzip).toString('utf8')) as TraceResult;
}

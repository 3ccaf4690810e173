import type { z } from 'zod';

/**
 * An API endpoint, declared once beside its schemas: the server registers its route from this declaration
 * (src/api/http/endpoint-route.ts) and the web calls it by name (src/web/lib/call-endpoint.ts). No other file
 * writes an endpoint's address.
 */

/** Who may call an endpoint: anyone, a signed-in account (the default of the API), or the admin only. */
export type Access = 'public' | 'student' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify's form: `:name` for a path parameter. */
  path: string;
  access: Access;
  /** A signed-in account whose email is not verified yet may call it (logout, resend). */
  allowUnverified?: boolean;
  /**
   * Work on the caller's student program `:id` (a draft, a run, a submission): refused outside the program's timed
   * window by one guard before the handler runs. Every student's write on a student program must say so.
   */
  timedWork?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The JSON answers by status. An endpoint that answers with something else (a file, a redirect, a stream, an
   * empty 204) declares none for it.
   */
  response?: Partial<Record<number, z.ZodType>>;
}

/** A table of endpoints, typed exactly as written so callers keep each one's schemas. */
export const endpoints = <const T extends Record<string, Endpoint>>(table: T): T => table;

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

export type EndpointParams<E extends Endpoint> = Infer<E['params']>;
export type EndpointQuery<E extends Endpoint> = Infer<E['query']>;
export type EndpointBody<E extends Endpoint> = Infer<E['body']>;
/** What a caller sends: the schemas' input types (a coerced number may be given as a number). */
export type EndpointParamsInput<E extends Endpoint> = Input<E['params']>;
export type EndpointQueryInput<E extends Endpoint> = Input<E['query']>;
export type EndpointBodyInput<E extends Endpoint> = Input<E['body']>;

type SuccessSchema<R> =
  R extends Partial<Record<number, z.ZodType>>
    ? NonNullable<R[200 extends keyof R ? 200 : 201 extends keyof R ? 201 : 202 extends keyof R ? 202 : never]>
    : undefined;
/** The schema of an endpoint's successful JSON answer (its 200, 201 or 202); undefined when it has none. */
export type EndpointSuccess<E extends Endpoint> = SuccessSchema<E['response']>;
/** What the server answers (before serialisation) and the browser reads (after parsing). */
export type EndpointReplyInput<E extends Endpoint> = Input<EndpointSuccess<E>>;
export type EndpointReply<E extends Endpoint> = Infer<EndpointSuccess<E>>;

/** The successful answer's schema of an endpoint, if it declares one. */
export function successSchema(endpoint: Endpoint): z.ZodType | undefined {
  const response = endpoint.response ?? {};
  return response[200] ?? response[201] ?? response[202];
}

/**
 * The address of a call: each `:name` replaced by its parameter, encoded, and the query appended (values left out
 * when undefined).
 */
export function endpointUrl(
  endpoint: Pick<Endpoint, 'path'>,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.append(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

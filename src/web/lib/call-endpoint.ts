/**
 * The web's one way to call the API: by an endpoint's declaration in src/contracts, never by a URL typed here. The
 * address is built from the declaration's path, and the answer is checked against its success schema.
 */
import type { z } from 'zod';
import {
  type Endpoint,
  type EndpointSuccess,
  endpointUrl,
  type EndpointBodyInput,
  type EndpointParamsInput,
  type EndpointQueryInput,
  successSchema,
} from '../../contracts/endpoint';
import { apiRequest, type ResponseSchema } from './api-client';
import { noContent } from './response-schemas';

/** A part the endpoint declares must be given (unless all of it is optional); one it doesn't declare, can't be. */
type Part<Name extends string, Declared, Value> = [Declared] extends [undefined]
  ? { [K in Name]?: never }
  : Partial<Value> extends Value
    ? { [K in Name]?: Value }
    : { [K in Name]: Value };

export type CallOptions<E extends Endpoint> = Part<'params', E['params'], EndpointParamsInput<E>> &
  Part<'query', E['query'], EndpointQueryInput<E>> & {
    /**
     * JSON by the endpoint's body schema, or a multipart form for an endpoint that takes files; an endpoint that
     * reads either (a profile with or without a photo) declares no schema and checks its body itself.
     */
    body?: (E['body'] extends z.ZodType ? EndpointBodyInput<E> : unknown) | FormData;
    /** Send the stored session (default: for every endpoint that isn't public). */
    auth?: boolean;
    /** A token to send instead of the stored one (a link's, checked before it is stored). */
    bearer?: string;
    signal?: AbortSignal;
    /** The request outlives the page (a click that also opens another tab or leaves the page). */
    keepalive?: boolean;
  };

/** The options may be left out when nothing in them is required. */
type OptionsArgument<E extends Endpoint> =
  Partial<CallOptions<E>> extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>];

/** What a call resolves to: the parsed success answer, or null for an endpoint that answers with no JSON (a 204). */
export type CallReply<E extends Endpoint> = EndpointSuccess<E> extends z.ZodType ? z.output<EndpointSuccess<E>> : null;

/** Calls an endpoint and returns its answer with the response headers (list totals travel in `x-total-count`). */
export async function callEndpointWithHeaders<E extends Endpoint>(
  endpoint: E,
  ...[options]: OptionsArgument<E>
): Promise<{ data: CallReply<E>; headers: Headers }> {
  const { params, query, body, auth, ...rest } = (options ?? {}) as CallOptions<Endpoint> & {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  const schema = (successSchema(endpoint) ?? noContent) as ResponseSchema<CallReply<E>>;
  return apiRequest(endpointUrl(endpoint, params, query), schema, {
    ...rest,
    method: endpoint.method,
    body,
    auth: auth ?? endpoint.access !== 'public',
  });
}

/** Calls an endpoint and returns its answer, checked by the endpoint's success schema. */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...options: OptionsArgument<E>
): Promise<CallReply<E>> {
  return (await callEndpointWithHeaders(endpoint, ...options)).data;
}

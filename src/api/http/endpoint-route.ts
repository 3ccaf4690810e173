import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointReplyInput,
} from '../../contracts/endpoint.js';

/** The request a route's handler reads: params, query and body as the endpoint's schemas made them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

type Handler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReplyInput<E> | FastifyReply | void> | EndpointReplyInput<E> | FastifyReply | void;

/** What a route adds to its endpoint on the server only: rate limits, a body limit, its own hooks. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  config?: Omit<FastifyContextConfig, 'access' | 'allowUnverified' | 'timedWork'>;
};

/**
 * Registers the route of a declared endpoint: its method, path, access and schemas come from the declaration,
 * the handler (and any server-only extras) from the area's routes.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  extras: RouteExtras,
  handler: Handler<E>,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  extrasOrHandler: RouteExtras | Handler<E>,
  maybeHandler?: Handler<E>,
): void {
  const extras = typeof extrasOrHandler === 'function' ? {} : extrasOrHandler;
  const handler = typeof extrasOrHandler === 'function' ? extrasOrHandler : maybeHandler;
  if (!handler) throw new Error(`${endpoint.method} ${endpoint.path}: no handler`);
  assertSchemasLoaded(endpoint);
  app.route({
    ...extras,
    method: endpoint.method,
    url: endpoint.path,
    config: {
      ...extras.config,
      access: endpoint.access,
      ...(endpoint.allowUnverified ? { allowUnverified: true } : {}),
      ...(endpoint.timedWork ? { timedWork: true } : {}),
    },
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: endpoint.response } : {}),
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}

/**
 * A schema read before its module finished loading (an import cycle between contract files) is undefined at run
 * time though its type says otherwise; name the endpoint rather than let Fastify fail on it somewhere inside.
 */
function assertSchemasLoaded(endpoint: Endpoint): void {
  const parts = { params: endpoint.params, query: endpoint.query, body: endpoint.body, ...endpoint.response };
  for (const [part, schema] of Object.entries(parts))
    if (part in endpoint || part in (endpoint.response ?? {}))
      if (!schema) throw new Error(`${endpoint.method} ${endpoint.path}: its ${part} schema is not loaded yet`);
}

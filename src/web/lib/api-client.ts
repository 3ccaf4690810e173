/**
 * The one place the browser talks to the API: JSON in and out, `{ errors }` turned into an ApiError, and every
 * answer checked against its response schema from src/contracts before anyone reads it.
 */
import { messages } from '../../contracts/messages';
import { readToken } from './auth-store';
import { plainMessages } from './error-text';

/** An API error; its messages are already in the words a person reads (error-text.ts). */
export class ApiError extends Error {
  readonly errors: string[];
  constructor(
    readonly status: number,
    errors: string[],
    options?: { cause?: unknown },
  ) {
    const plain = plainMessages(errors);
    super(plain.join(' '), options);
    this.errors = plain;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  auth?: boolean;
  /** A token to send instead of the stored one (a link's, checked before it is stored). */
  bearer?: string;
  signal?: AbortSignal;
  /** The request outlives the page (a click that also opens another tab or leaves the page). */
  keepalive?: boolean;
}

/**
 * What a call needs of its response's schema: zod's safeParse, so any zod schema fits (the ones in src/contracts
 * above all) and this module, in the landing page's bundle, loads no zod itself.
 */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error?: unknown };
}

/** Calls the API and returns its answer, checked by `schema`: the type is the schema's (z.infer of it). */
export async function apiFetch<T>(path: string, schema: ResponseSchema<T>, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest(path, schema, options)).data;
}

/** Like apiFetch, with the response headers (list totals travel in `x-total-count`). */
export async function apiRequest<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined && !(options.body instanceof FormData)) headers['content-type'] = 'application/json';
  const token = options.bearer ?? (options.auth ? readToken() : null);
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch {
    throw new ApiError(0, [messages.cannotReachServer]);
  }
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  const payload: unknown =
    response.status === 204
      ? null
      : isJson
        ? await response.json().catch(() => null)
        : await response.text().catch(() => null);
  if (!response.ok) {
    const errors = (payload as { errors?: unknown } | null)?.errors;
    throw new ApiError(
      response.status,
      Array.isArray(errors) && errors.length > 0 ? errors.map(String) : [messages.requestFailed],
    );
  }
  const parsed = schema.safeParse(payload);
  // An answer of another shape than the contract's is the site's fault, not the visitor's: the plain "try again".
  if (!parsed.success) throw new ApiError(response.status, [messages.requestFailed], { cause: parsed.error });
  return { data: parsed.data, headers: response.headers };
}

/** The one place the browser talks to the API: JSON in and out, `{ errors }` turned into an ApiError. */
import { messages } from '../../contracts/messages';
import { readToken } from './auth-store';
import { plainMessages } from './error-text';

/** An API error; its messages are already in the words a person reads (error-text.ts). */
export class ApiError extends Error {
  readonly errors: string[];
  constructor(
    readonly status: number,
    errors: string[],
  ) {
    const plain = plainMessages(errors);
    super(plain.join(' '));
    this.errors = plain;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  auth?: boolean;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** Like apiFetch, with the response headers (list totals travel in `x-total-count`). */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined && !(options.body instanceof FormData)) headers['content-type'] = 'application/json';
  const token = options.auth ? readToken() : null;
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
  return { data: payload as T, headers: response.headers };
}

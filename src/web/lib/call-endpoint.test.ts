import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoints } from '../../contracts/endpoint';
import { messages } from '../../contracts/messages';
import { ApiError } from './api-client';
import { callEndpoint, callEndpointWithHeaders } from './call-endpoint';

const table = endpoints({
  publicList: {
    method: 'GET',
    path: '/api/v1/things',
    access: 'public',
    query: z.object({ page: z.coerce.number().optional() }),
    response: { 200: z.array(z.object({ id: z.number() })) },
  },
  rename: {
    method: 'PUT',
    path: '/api/v1/things/:id',
    access: 'student',
    params: z.object({ id: z.coerce.number() }),
    body: z.object({ name: z.string() }),
    response: { 200: z.object({ id: z.number(), name: z.string() }) },
  },
  remove: { method: 'DELETE', path: '/api/v1/things/:id', access: 'admin', params: z.object({ id: z.number() }) },
});

function answer(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function signedInAs(token: string) {
  vi.stubGlobal('window', { localStorage: { getItem: (key: string) => (key === 'token' ? token : null) } });
}

describe('callEndpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("calls the declared method and address and sends the session's token to an endpoint that isn't public", async () => {
    signedInAs('student-token-0123456789');
    const fetch = answer({ id: 7, name: 'Loops', extra: 1 });
    await expect(callEndpoint(table.rename, { params: { id: 7 }, body: { name: 'Loops' } })).resolves.toEqual({
      id: 7,
      name: 'Loops',
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/things/7');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(JSON.stringify({ name: 'Loops' }));
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer student-token-0123456789');
  });

  it('sends no token to a public endpoint, puts the query on the address and returns the headers', async () => {
    signedInAs('student-token-0123456789');
    const fetch = answer([{ id: 1 }], 200, { 'x-total-count': '40' });
    const { data, headers } = await callEndpointWithHeaders(table.publicList, { query: { page: 2 } });
    expect(data).toEqual([{ id: 1 }]);
    expect(headers.get('x-total-count')).toBe('40');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/things?page=2');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it("checks the answer against the endpoint's schema: another shape is the site's fault", async () => {
    answer({ id: '7' });
    const error = await callEndpoint(table.rename, { params: { id: 7 }, body: { name: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual([messages.requestFailed]);
  });

  it('resolves to null for an endpoint that answers no JSON, and refuses JSON it did not declare', async () => {
    answer(null, 204);
    await expect(callEndpoint(table.remove, { params: { id: 3 } })).resolves.toBeNull();
    answer({ surprise: true });
    await expect(callEndpoint(table.remove, { params: { id: 3 } })).rejects.toBeInstanceOf(ApiError);
  });
});

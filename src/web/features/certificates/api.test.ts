import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { getCertificate } from './api';

afterEach(() => vi.unstubAllGlobals());

it('asks for a typed certificate code once encoded, spaces and all, as the verifier typed it', async () => {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ errors: ['No certificate has this code.'] }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  await expect(getCertificate('abcd efgh/ijkl')).rejects.toBeInstanceOf(ApiError);
  expect(fetch.mock.calls[0]![0]).toBe('/api/v1/certificates/abcd%20efgh%2Fijkl');
});

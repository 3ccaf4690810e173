import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { messages } from '../../contracts/messages';
import { ApiError, apiFetch, apiRequest } from './api-client';
import { noContent } from './response-schemas';

const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  vi.fn(async () =>
    status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json', ...headers },
        }),
  );

const shape = z.object({ id: z.number(), name: z.string() });

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the answer as its schema parses it', async () => {
    vi.stubGlobal('fetch', answer({ id: 1, name: 'Asha', extra: true }));
    await expect(apiFetch('/x', shape)).resolves.toEqual({ id: 1, name: 'Asha' });
  });

  it('turns an answer of another shape into an ApiError in plain words', async () => {
    vi.stubGlobal('fetch', answer({ id: '1' }));
    const error = await apiFetch('/x', shape).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(messages.requestFailed);
    expect((error as ApiError).errors).toEqual([messages.requestFailed]);
  });

  it("keeps the server's own messages for an error answer", async () => {
    vi.stubGlobal('fetch', answer({ errors: ['Invalid email or password.'] }, 401));
    const error = await apiFetch('/x', shape).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, errors: ['Invalid email or password.'] });
  });

  it('reads an empty 204 as null, and a body where none was expected as a mismatch', async () => {
    vi.stubGlobal('fetch', answer(null, 204));
    await expect(apiFetch('/x', noContent, { method: 'DELETE' })).resolves.toBeNull();
    vi.stubGlobal('fetch', answer({ id: 1 }));
    await expect(apiFetch('/x', noContent, { method: 'DELETE' })).rejects.toBeInstanceOf(ApiError);
  });

  it('apiRequest hands back the headers with the parsed answer', async () => {
    vi.stubGlobal('fetch', answer([{ id: 2, name: 'Ravi' }], 200, { 'x-total-count': '7' }));
    const { data, headers } = await apiRequest('/x', z.array(shape));
    expect(data).toEqual([{ id: 2, name: 'Ravi' }]);
    expect(headers.get('x-total-count')).toBe('7');
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointUrl, endpoints, successSchema } from './endpoint.js';

const table = endpoints({
  pair: {
    method: 'GET',
    path: '/api/v1/admin/similarity/:program/:batch/pairs/:rank',
    access: 'admin',
    response: { 200: z.object({ rank: z.number() }) },
  },
  created: { method: 'POST', path: '/things', access: 'student', response: { 201: z.string() } },
  removed: { method: 'DELETE', path: '/things/:id', access: 'admin' },
});

describe('endpointUrl', () => {
  it('puts each parameter in its place, encoded', () => {
    expect(endpointUrl(table.pair, { program: 3, batch: 12, rank: 1 })).toBe('/api/v1/admin/similarity/3/12/pairs/1');
    expect(endpointUrl(table.removed, { id: 'a b/c' })).toBe('/things/a%20b%2Fc');
  });

  it('appends the query, leaving out what is undefined or null', () => {
    expect(endpointUrl(table.created, undefined, { q: 'Asha & co', page: 2, batch: undefined, x: null })).toBe(
      '/things?q=Asha+%26+co&page=2',
    );
    expect(endpointUrl(table.created, undefined, { batch: undefined })).toBe('/things');
  });

  it('refuses to build an address with a parameter missing', () => {
    expect(() => endpointUrl(table.pair, { program: 3, batch: 12 })).toThrow(/:rank/);
  });
});

describe('successSchema', () => {
  it("is the 200's, else the 201's, else none", () => {
    expect(successSchema(table.pair)).toBe(table.pair.response[200]);
    expect(successSchema(table.created)).toBe(table.created.response[201]);
    expect(successSchema(table.removed)).toBeUndefined();
  });
});

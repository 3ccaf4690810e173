import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createAdminTestApp } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { unboundedInputs } from '../../contracts/bounded-input.js';

let ctx: TestContext;
beforeAll(async () => {
  ({ ctx } = await createAdminTestApp());
});
afterAll(() => ctx.close());

describe('request bodies', () => {
  it('bound every string and array of every route’s body', () => {
    const routes = ctx.app.apiRoutes.filter((route) => route.body !== undefined);
    expect(routes.length).toBeGreaterThan(40);
    const unbounded = routes.flatMap((route) =>
      unboundedInputs(route.body as z.ZodType).map((path) => `${route.method} ${route.url}: ${path}`),
    );
    expect(unbounded).toEqual([]);
  });
});

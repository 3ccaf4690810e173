import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createAdminTestApp } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

// Over SQLite's 32,766 values in one statement at seven per notice: the notices go in slices.
it('a batch start date reaches 5,000 waiting students, each told in the site and by mail', async () => {
  const db = ctx.database.db;
  const rows = Array.from({ length: 5000 }, (_, i) => ({
    email: `waiting${i}@example.com`,
    password_hash: 'x',
    first_name: `Waiting${i}`,
    last_name: 'Student',
    uniq_id: `waiting-${i}`,
    activated: 1,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('students')
      .values(rows.slice(i, i + 500))
      .execute();
  await db.insertInto('batches').values({ batch_number: 900, start_date: '2027-01-11' }).execute();

  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/batches/900/announce',
    headers: bearer(adminToken),
    payload: {},
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().queued).toBe(5000);
  const notices = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', 'announcement')
    .executeTakeFirstOrThrow();
  expect(Number(notices.n)).toBe(5000);
});

import type { APIRequestContext } from '@playwright/test';
import { INDEPENDENT, ORIGINAL, RENAMED_AND_REORDERED, STARTER } from '../test/similarity-samples.js';
import {
  adminHeaders,
  apiStudent,
  handIn,
  okJson,
  placePaidStudent,
  signInWithToken,
  uniqueNumber,
} from './accounts.js';
import { checkScreen, expect, test } from './fixtures.js';

type Admin = { authorization: string };

/** A batch of three who handed in (one a disguised copy of another's), and a batch of one who has not. */
async function seed(request: APIRequestContext, admin: Admin) {
  const batch = uniqueNumber();
  const lonelyBatch = batch + 1;
  const programNumber = uniqueNumber();
  const make = async (firstName: string, lastName: string, inBatch = batch) => {
    const student = await apiStudent(request, { tag: 'similarity', firstName, lastName, profile: false });
    await placePaidStudent(request, admin, student, inBatch);
    return student;
  };
  const ada = await make('Ada', 'Original');
  const bob = await make('Bob', 'Copy');
  const cy = await make('Cy', 'Independent');
  await make('Dee', 'Alone', lonelyBatch);
  const program = await okJson<{ id: number }>(
    request.post('/programs/', { headers: admin, data: { program_number: programNumber, task: 'Primes' } }),
  );
  await okJson(
    request.put(`/api/v1/programs/${program.id}/exercise`, {
      headers: admin,
      data: { starter_code: STARTER, tests: [{ stdin: '10\n', expected_output: '2 2\n', visible: true, points: 1 }] },
    }),
  );
  for (const b of [batch, lonelyBatch])
    await okJson(request.post(`/api/v1/programs/${program.id}/send`, { headers: admin, data: { student_batch: b } }));
  await handIn(request, ada, programNumber, ORIGINAL);
  await handIn(request, bob, programNumber, RENAMED_AND_REORDERED);
  await handIn(request, cy, programNumber, INDEPENDENT);
  return { batch, lonelyBatch, programNumber };
}

test.describe('the similarity check', () => {
  // Three submissions are compiled and graded first.
  test.setTimeout(120_000);
  // The check refused for a batch of one answers 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

  test('the teacher runs a check and compares the most similar pair side by side', async ({ page, request }, info) => {
    const admin = await adminHeaders(request);
    const { batch, lonelyBatch, programNumber } = await seed(request, admin);
    const shot = (name: string) => checkScreen(page, `similarity-${name}`, info.project.name);

    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await page.getByRole('button', { name: 'Similarity check', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Similarity check' });
    await panel.getByLabel('Program').selectOption(String(programNumber));
    await panel.getByLabel('Batch').selectOption(String(lonelyBatch));
    await expect(panel).toContainText(
      `No check has been run for program ${programNumber} and batch ${lonelyBatch} yet.`,
    );
    await panel.getByRole('button', { name: 'Run check' }).click();
    await expect(panel.getByRole('alert')).toHaveText(
      `A check needs submissions of program ${programNumber} from at least two students of batch ${lonelyBatch}; ` +
        'none has sent one yet.',
    );
    await shot('too-few');

    await panel.getByLabel('Batch').selectOption(String(batch));
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(panel).toContainText(`No check has been run for program ${programNumber} and batch ${batch} yet.`);

    // A check caught halfway (the real one is over in a second): the progress bar, polled until it ends.
    const running = {
      program: programNumber,
      batch,
      run: {
        status: 'running',
        phase: 'fragments',
        progress: { done: 1, total: 3 },
        started_at: new Date().toISOString(),
        finished_at: null,
        error: null,
        students: [],
        left_out: [],
        starter_code_ignored: false,
        pairs: [],
      },
    };
    const checkUrl = `**/api/v1/admin/similarity/${programNumber}/${batch}`;
    let polls = 0;
    await page.route(checkUrl, (route) => {
      polls += 1;
      return route.fulfill({ status: route.request().method() === 'POST' ? 202 : 200, json: running });
    });
    await panel.getByRole('button', { name: 'Run check' }).click();
    const bar = panel.getByRole('progressbar', { name: 'Similarity check progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '33');
    await expect(panel.getByRole('status')).toContainText('(1 of 3)');
    await expect(panel.getByRole('button', { name: 'Run check' })).toBeDisabled();
    await expect.poll(() => polls).toBeGreaterThan(2);
    await shot('running');
    await page.unroute(checkUrl);
    await expect(panel).toContainText(`No check has been run for program ${programNumber} and batch ${batch} yet.`);

    await panel.getByRole('button', { name: 'Run check' }).click();
    const pairs = panel.getByRole('region', { name: /most similar first/ });
    await expect(pairs.locator('tbody tr')).toHaveCount(3, { timeout: 30_000 });
    const first = pairs.locator('tbody tr').first();
    await expect(first).toContainText('Ada Original');
    await expect(first).toContainText('Bob Copy');
    const percent = Number((await first.locator('.similarity-percent').textContent())!.replace('%', ''));
    expect(percent).toBeGreaterThanOrEqual(80);
    for (const row of await pairs
      .locator('tbody tr')
      .all()
      .then((rows) => rows.slice(1)))
      expect(Number((await row.locator('.similarity-percent').textContent())!.replace('%', ''))).toBeLessThan(30);
    await expect(panel).toContainText('3 submissions compared');
    await shot('pairs');

    await first.getByRole('button', { name: 'Side by side' }).click();
    await expect(
      panel.getByRole('heading', { name: /^(Ada Original and Bob Copy|Bob Copy and Ada Original): / }),
    ).toBeVisible();
    const ada = panel.getByRole('region', { name: /^Ada Original's code/ });
    const bob = panel.getByRole('region', { name: /^Bob Copy's code/ });
    await expect(ada).toContainText('int sum_digits(int n) {');
    await expect(bob).toContainText('int digits(int value) {');
    // The same fragment in the same colour on both sides, as plain text.
    await expect(ada.locator('mark.fragment-0').first()).toBeVisible();
    await expect(bob.locator('mark.fragment-0').first()).toBeVisible();
    const colour = (side: typeof ada) =>
      side
        .locator('mark.fragment-0')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await colour(ada)).toBe(await colour(bob));
    expect(await ada.locator('mark').count()).toBeGreaterThan(1);
    await expect(ada.locator('pre b, pre script')).toHaveCount(0);
    // On a phone the two sides stack; on a desktop they stand side by side.
    const [a, b] = [await ada.boundingBox(), await bob.boundingBox()];
    if (info.project.name === 'phone') expect(Math.abs(a!.x - b!.x)).toBeLessThan(2);
    else expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    await shot('side-by-side');
  });
});

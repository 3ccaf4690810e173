import type { APIRequestContext } from '@playwright/test';
import { courseWallClock, DEFAULT_TIME_ZONE, formatDate } from '../src/contracts/dates.js';
import type { Overview } from '../src/contracts/overview.js';
import { adminHeaders, apiStudent, inBatchSince, placePaidStudent, signInWithToken, uniqueNumber } from './accounts.js';
import { checkScreen, expect, expectNoSidewaysScroll, test } from './fixtures.js';

/** The teacher's overview at the top of /AdminPage: its counts, a chart's numbers, and every panel within reach. */

const PANELS = [
  'List of Old Students',
  'List of New Students',
  'List of Regd Students',
  'Create Batch',
  'Create Course',
  'Class Schedule',
  'Program Exercises',
  'Live supervision',
  'Update Payment Status',
  'Payments',
  'Update Course Completion',
  'Data View',
  'Doubts',
  'Self assessment questions',
  'Mail outbox',
  'Site Settings',
];

async function overviewFromApi(request: APIRequestContext, admin: { authorization: string }): Promise<Overview> {
  const response = await request.get('/api/v1/admin/overview', { headers: admin });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Overview;
}

test('the overview counts the students, charts a batch’s attendance with its numbers, and opens panels', async ({
  page,
  request,
}, info) => {
  const admin = await adminHeaders(request);
  const before = (await overviewFromApi(request, admin)).counts;
  const batch = uniqueNumber();
  const present = await apiStudent(request, { tag: 'overview-present', firstName: 'Prema' });
  const absent = await apiStudent(request, { tag: 'overview-absent', firstName: 'Abhi' });
  for (const student of [present, absent]) {
    await placePaidStudent(request, admin, student, batch);
    // In the batch before its class below (a class held before a student joined is not theirs to have missed).
    inBatchSince(student, new Date(Date.now() - 3 * 24 * 60 * 60_000));
  }
  const asked = await request.post('/api/v1/doubts', {
    headers: present.headers,
    data: { question: 'Why & in scanf?' },
  });
  expect(asked.ok()).toBe(true);

  // A class two days ago that Prema attended (the teacher marked her present) and Abhi missed.
  const clock = courseWallClock(new Date(Date.now() - 2 * 24 * 60 * 60_000), DEFAULT_TIME_ZONE)!;
  const added = await request.post(`/api/v1/batches/${batch}/sessions`, {
    headers: admin,
    data: { session_number: 1, date: clock.date, start_time: clock.time, duration_minutes: 60 },
  });
  expect(added.status(), await added.text()).toBe(201);
  const session = (await added.json()) as { id: number };
  const marked = await request.put(`/api/v1/batch_sessions/${session.id}/attendance/${present.id}`, {
    headers: admin,
    data: { mark: 'present' },
  });
  expect(marked.ok(), await marked.text()).toBe(true);

  await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
  // The menu is drawn where it stays: what loads after it (the overview, its charts, the gradebook) comes below it.
  const firstButton = page.getByRole('button', { name: PANELS[0], exact: true });
  await expect(firstButton).toBeVisible();
  const menuTop = () => firstButton.evaluate((button) => button.getBoundingClientRect().top + scrollY);
  const drawnAt = await menuTop();
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByRole('heading', { name: 'Needs attention' })).toBeVisible();

  // The cards show what the API counts: the page's own answer, read as it arrives (tests running beside this one sign
  // students up, pay, complete and delete them, so a request of the test's own could count a moment apart).
  // Registered has grown: two students were added here, and the one test that deletes a student (admin.spec)
  // deletes only one.
  const card = (label: string) =>
    overview
      .locator('.overview-count')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('.overview-value');
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/admin/overview' && response.request().method() === 'GET',
  );
  await page.reload();
  const answer = await answered;
  expect(answer.ok()).toBe(true);
  const { counts } = (await answer.json()) as Overview;
  expect(counts.registered).toBeGreaterThan(before.registered);
  // A completed student has paid: Paid counts them as well, as the fees collected do.
  await expect(card('Paid')).toHaveText(String(counts.paid + counts.completed));
  await expect(card('Registered')).toHaveText(String(counts.registered));
  await expect(card('In a batch')).toHaveText(String(counts.in_batch));
  await expect(overview.getByText(/\d+ unanswered doubts?/)).toBeVisible();

  // The attendance chart of this batch: a described canvas and a table with its numbers.
  await overview.getByLabel('Batch', { exact: true }).selectOption(String(batch));
  const attendance = overview
    .locator('.overview-chart-card')
    .filter({ hasText: `Attendance per class, batch ${batch}` });
  await expect(attendance.getByRole('img')).toHaveAttribute('aria-label', /session 1, 1 present, 0 late, 1 absent/);
  await attendance.getByText('The numbers of this chart').click();
  await expect(attendance.getByRole('cell')).toHaveText([formatDate(clock.date, DEFAULT_TIME_ZONE), '1', '0', '1']);
  await checkScreen(page, 'admin-overview', info.project.name);
  expect(await menuTop(), 'the menu moved while the page loaded').toBe(drawnAt);

  // Every panel's button is on screen within the width (a phone's too), and an overview item opens its panel.
  for (const name of PANELS) {
    const button = page.getByRole('button', { name, exact: true });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    const box = (await button.boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  await expectNoSidewaysScroll(page, { screen: 'admin overview' });
  await page.getByRole('button', { name: 'Answer them' }).click();
  const doubts = page.getByRole('region', { name: 'Doubts', exact: true });
  await expect(doubts).toBeInViewport();
  await expect(doubts.getByText('Why & in scanf?').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Doubts', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // It opens at the top of the page, above the overview and its charts, with its heading focused.
  await expect(doubts.getByRole('heading', { level: 2, name: 'Doubts' })).toBeFocused();
  const top = async (region: typeof doubts) => await region.evaluate((el) => el.getBoundingClientRect().top + scrollY);
  expect(await top(doubts)).toBeLessThan(await top(overview));
  expect(await top(doubts)).toBeLessThan(600);
  // A panel opened from the menu comes to the top as well, in view.
  await page.getByRole('button', { name: 'Payments', exact: true }).click();
  const payments = page.getByRole('region', { name: 'Payments', exact: true });
  await expect(payments).toBeInViewport();
  expect(await top(payments)).toBeLessThan(600);
});

import { randomBytes } from 'node:crypto';
import { adminHeaders, apiStudent, E2E_DATABASE, signInWithToken, placePaidStudent, uniqueNumber } from './accounts.js';
import { openSqliteFile } from '../src/api/db/sqlite-driver.js';
import { expect, open, saveScreenshot, test } from './fixtures.js';

/**
 * The private token a reminder email's stop link carries, written straight into the site's database: a reminder is
 * queued only before a dated class, which these screens don't need.
 */
function remindersToken(studentId: number): string {
  const token = randomBytes(32).toString('base64url');
  const db = openSqliteFile(E2E_DATABASE, { mustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare(
      `insert into private_links (student_id, purpose, token) values (?, 'reminders', ?)
       on conflict (student_id, purpose) do update set token = excluded.token`,
    ).run([studentId, token]);
  } finally {
    db.close();
  }
  return token;
}

test('My Classes shows a private calendar address, and Reset link replaces it', async ({ page, request }, info) => {
  const student = await apiStudent(request, { tag: 'calendar' });
  await placePaidStudent(request, await adminHeaders(request), student, uniqueNumber());
  // My Classes shows the plan's lesson videos and the course book, which other tests may have set: no network here.
  await page.route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com|drive\.google\.com)\//, (route) =>
    route.fulfill({ status: 204 }),
  );
  await signInWithToken(page, student.token, '/DashPage/myclasses');
  const card = page.getByRole('region', { name: 'Class calendar' });
  const address = card.getByLabel('Your private calendar address');
  await expect(address).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/[\w-]{40,}\.ics$/);
  const first = await address.inputValue();
  await expect(card.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
    'href',
    first.replace('http://', 'webcal://'),
  );
  const feed = await request.get(new URL(first).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'calendar-card', info.project.name, { fullPage: false });

  await card.getByRole('button', { name: 'Reset link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the calendar link?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset link' }).click();
  await expect(dialog).toBeHidden();
  await expect(address).not.toHaveValue(first);
  await expect(address).toHaveValue(/\/calendar\/[\w-]{40,}\.ics$/);
  expect((await request.get(new URL(first).pathname)).status()).toBe(404);
  expect((await request.get(new URL(await address.inputValue()).pathname)).status()).toBe(200);
});

test('the stop link turns reminders off, and Profile turns them back on', async ({ page, request }, info) => {
  const student = await apiStudent(request, { tag: 'reminders' });
  const token = remindersToken(student.id);
  const setting = async () =>
    (
      (await (await request.get('/api/v1/profile/reminders', { headers: student.headers })).json()) as {
        reminders: boolean;
      }
    ).reminders;
  expect(await setting()).toBe(true);

  await open(page, `/StopReminders?token=${token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Class reminders are off');
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await saveScreenshot(page, 'stop-reminders', info.project.name, { fullPage: false });
  expect(await setting()).toBe(false);
  // Back on from the same page, then off again.
  await page.getByRole('button', { name: 'Turn reminders back on' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Class reminders are on');
  expect(await setting()).toBe(true);
  await page.getByRole('button', { name: 'Turn reminders off' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Class reminders are off');
  expect(await setting()).toBe(false);

  await signInWithToken(page, student.token, '/Profile');
  const toggle = page.getByRole('switch', { name: 'Email me a day and an hour before each class' });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(page.getByText('Saved: reminders are on.')).toBeVisible();
  await expect(toggle).toBeChecked();
  expect(await setting()).toBe(true);
  await page.getByRole('region', { name: 'Class reminders by email' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'profile-reminders', info.project.name, { fullPage: false });
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email me a day and an hour before each class' })).toBeChecked();
});

test.describe('a wrong stop link', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test('says so', async ({ page }) => {
    await open(page, `/StopReminders?token=${'A'.repeat(43)}`);
    await expect(page.getByRole('alert')).toContainText('This link is not valid any more');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Class reminders');
  });
});

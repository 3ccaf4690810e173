import { adminHeaders, apiStudent, placePaidStudent, signInWithToken, uniqueNumber } from './accounts.js';
import { expect, open, openAccountMenu, saveScreenshot, test } from './fixtures.js';

test('a notice arrives while the page is open, and clicking it leads to the comment', async ({
  page,
  request,
}, info) => {
  const admin = await adminHeaders(request);
  const student = await apiStudent(request, { tag: 'notices' });
  const batch = uniqueNumber();
  await placePaidStudent(request, admin, student, batch);
  const sent = await request.post('/student_programs', {
    headers: admin,
    data: { student_id: student.id, program_number: batch, task: 'Print the larger of two numbers.', solution: '' },
  });
  expect(sent.status()).toBe(201);
  const spId = (await sent.json()).id as number;
  // The program's own notice is read already: the count starts at none.
  expect((await request.post('/api/v1/notifications/read-all', { headers: student.headers })).ok()).toBe(true);

  await signInWithToken(page, student.token, '/DashPage');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  const comment = await request.post(`/api/v1/admin/student_programs/${spId}/comments`, {
    headers: admin,
    data: { line: 2, body: 'Use an if statement, not two printf calls.' },
  });
  expect(comment.status()).toBe(201);
  const commentId = (await comment.json()).id as number;
  // Pushed by the stream, without a reload.
  const badge = menu.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(badge).toBeVisible();
  await expect(badge).toContainText('1');
  const account = await openAccountMenu(page);
  await expect(account.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await page.keyboard.press('Escape');
  await saveScreenshot(page, 'notifications-badge', info.project.name, { fullPage: false });

  await badge.click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  const item = list.getByRole('button', { name: /A comment on your Program \d+, line 2/ });
  await expect(item).toContainText('New');
  await saveScreenshot(page, 'notifications-list', info.project.name);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/DashPage/myprogs/${spId}#comment-${commentId}$`));
  const highlighted = page.locator(`#comment-${commentId}`);
  await expect(highlighted).toHaveClass(/comment-highlight/);
  await expect(highlighted).toContainText('Use an if statement');
  await expect(highlighted).toBeInViewport();
  await saveScreenshot(page, 'notifications-comment-highlighted', info.project.name, { fullPage: false });
  await expect(menu.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // Two more, then Mark all as read.
  for (const line of [3, 4])
    await request.post(`/api/v1/admin/student_programs/${spId}/comments`, {
      headers: admin,
      data: { line, body: `Note on line ${line}.` },
    });
  await expect(menu.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  await open(page, '/DashPage/notifications');
  await expect(list.getByText('New')).toHaveCount(2);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(list.getByText('New')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});

test('a new student sees the empty list; Profile saves a kind turned off', async ({ page, request }) => {
  const student = await apiStudent(request, { tag: 'notice-settings' });
  await signInWithToken(page, student.token, '/DashPage/notifications');
  await expect(page.getByText('No notifications yet.')).toBeVisible();

  await open(page, '/Profile');
  const settings = page.getByRole('region', { name: 'Notifications', exact: true });
  const email = settings.getByRole('switch', { name: 'A program is sent to you: Email' });
  await expect(email).toBeChecked();
  await email.uncheck();
  await settings.getByRole('button', { name: 'Update notification settings' }).click();
  await expect(settings.getByText('Notification settings saved.')).toBeVisible();
  const saved = await request.get('/api/v1/notifications/settings', { headers: student.headers });
  expect((await saved.json()).settings[0]).toEqual({ kind: 'program_sent', email: false, site: true });

  // The class-reminders switch and "A class is starting soon" by email are one choice.
  const reminders = page.getByRole('switch', { name: 'Email me a day and an hour before each class' });
  await expect(reminders).toBeChecked();
  // The switch follows the server's answer, so it turns off once the change is saved.
  await reminders.click();
  await expect(page.getByText('Saved: reminders are off.')).toBeVisible();
  await expect(reminders).not.toBeChecked();
  await expect(settings.getByRole('switch', { name: 'A class is starting soon: Email' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'A program is sent to you: Email' })).not.toBeChecked();
});

test.describe('with the live stream refused', () => {
  // The browser logs the refused stream's status; the page handles it.
  test.use({ allowedConsoleErrors: [/status of 503/] });

  test('a server full of streams (503) leaves the count to polling, and the page still shows it', async ({
    page,
    request,
  }) => {
    const admin = await adminHeaders(request);
    const student = await apiStudent(request, { tag: 'notices-polled' });
    const batch = uniqueNumber();
    await placePaidStudent(request, admin, student, batch);
    const sent = await request.post('/student_programs', {
      headers: admin,
      data: { student_id: student.id, program_number: batch, task: 'Print a triangle of stars.', solution: '' },
    });
    expect(sent.status()).toBe(201);
    // What the server answers when every place for a stream is taken. The page's clock is the test's to move (it runs
    // as the real one until then).
    await page.clock.install();
    let refusals = 0;
    let firstRefusedAt = 0;
    await page.route('**/api/v1/notifications/stream', (route) => {
      refusals += 1;
      firstRefusedAt ||= Date.now();
      return route.fulfill({
        status: 503,
        headers: { 'retry-after': '30', 'content-type': 'application/json' },
        body: JSON.stringify({ errors: ['The server has as many live update streams as it can hold.'] }),
      });
    });
    await signInWithToken(page, student.token, '/DashPage');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    // The program sent, and the receipt of the fee the teacher recorded.
    await expect(menu.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
    expect(refusals).toBeGreaterThanOrEqual(1);
    // Not asked again while the 30 s the server asked for run (the page's clock stopped 5 s short of them), and asked
    // again once they have.
    await page.clock.pauseAt(firstRefusedAt + 25_000);
    expect(refusals).toBe(1);
    await page.clock.runFor(6000);
    await expect.poll(() => refusals).toBe(2);
  });
});

import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { linkFromOutbox, newEmail, nextAlert, signInAsTeacher, signUp } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, open, saveScreenshot, test } from './fixtures.js';

async function verifiedStudentOnMyPayment(page: Page, request: APIRequestContext, tag: string): Promise<string> {
  const email = newEmail(tag);
  await signUp(page, email);
  const verify = await linkFromOutbox(request, email, /Verify your email/);
  await open(page, verify.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Email Verification Success !')).toBeVisible();
  await open(page, '/DashPage/mypayment');
  await expect(page.getByRole('heading', { name: 'My Payment' })).toBeVisible();
  await expect(page.locator('.status-unpaid')).toHaveText('Unpaid');
  return email;
}

test.describe('paying the course fee through the built-in test gateway', () => {
  test.setTimeout(120_000);

  test('a student pays, sees Paid and the payment ID, and the admin sees the payment', async ({
    page,
    request,
    browser,
  }, info) => {
    // My Classes shows YouTube thumbnails and a Drive preview, which this machine can't reach: serve stand-ins.
    await page.route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com|drive\.google\.com)\//, (route) =>
      route.fulfill({ status: 204 }),
    );
    const email = await verifiedStudentOnMyPayment(page, request, 'pay');
    await expect(page.getByText('Course fee: Rs.3,000')).toBeVisible();
    await page.getByRole('button', { name: 'Pay Now' }).click();

    const checkout = page.getByRole('dialog', { name: 'Test checkout' });
    await expect(checkout).toBeVisible();
    await expect(checkout).toContainText('This is a test payment.');
    await expect(checkout).toContainText(email);
    await expect(checkout).toContainText('Grace Hopper');
    await expect(checkout).toContainText('Rs.3,000');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'test-checkout', info.project.name);

    const alert = nextAlert(page);
    await checkout.getByRole('button', { name: 'Pay Rs.3,000 (test payment succeeds)' }).click();
    const text = await alert;
    expect(text).toMatch(/^Payment successful! Payment ID: pay_[A-Za-z0-9]{14}$/);
    const paymentId = text.replace('Payment successful! Payment ID: ', '');
    await expect(checkout).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Payment successful!' })).toHaveText(text);
    await expect(page.locator('.status-paid')).toHaveText('Paid');
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    await expect(page.getByText(`Payment ID: ${paymentId}.`)).toBeVisible();
    await saveScreenshot(page, 'my-payment-paid', info.project.name);

    // Paid: the classes open, and a reload keeps it so (the server says so, not the page).
    await page.reload();
    await expect(page.locator('.status-paid')).toHaveText('Paid');
    await open(page, '/DashPage/myclasses');
    await expect(page.getByText('The classes open once your course fee is paid.')).toBeHidden();
    await linkFromOutbox(request, email, /Payment receipt/);

    const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const admin = await adminContext.newPage();
    await signInAsTeacher(admin);
    await expect(admin.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await admin.getByRole('button', { name: 'Payments', exact: true }).click();
    const row = admin.locator('tr', { hasText: email });
    await expect(row).toContainText(paymentId);
    await expect(row).toContainText('Rs.3,000');
    // In plain words: Paid, not the gateway's "captured"; how it came, not the site's "Checkout".
    await expect(row.getByRole('cell').nth(3)).toHaveText('Paid');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Online');
    const panel = admin.getByRole('region', { name: 'Payments', exact: true });
    await expect(panel).not.toContainText('captured');
    // At 1280 px the whole table fits, the Receipt column with it: nothing is left behind a sideways scroll.
    if ((admin.viewportSize()?.width ?? 0) >= 1280) {
      await expect(row.getByRole('button', { name: /^Download receipt/ })).toBeInViewport({ ratio: 1 });
      const records = admin.getByRole('region', { name: 'Payment records' });
      expect(await records.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    }
    // The whole list downloads as a spreadsheet.
    const download = admin.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('payments.csv');
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'Time,Student,Email,Amount,Status,How,Receipt,Order ID,Payment ID,Failed attempt',
    );
    expect(csv).toContain(`,${email},"Rs.3,000",Paid,Online,RCPT-`);
    await saveScreenshot(admin, 'admin-payments', info.project.name);
    await adminContext.close();
  });

  test('a failed payment is shown, and the student tries again, cancels, and then pays', async ({
    page,
    request,
  }, info) => {
    const email = await verifiedStudentOnMyPayment(page, request, 'payfail');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const checkout = page.getByRole('dialog', { name: 'Test checkout' });
    await checkout.getByRole('button', { name: 'Fail this payment' }).click();
    await expect(checkout).toBeHidden();
    await expect(page.getByRole('alert')).toHaveText(
      'Payment failed: The tester chose to fail this test payment. You can try again.',
    );
    await expect(page.locator('.status-unpaid')).toHaveText('Unpaid');
    await expect(page.locator('table')).toContainText('Failed');
    await saveScreenshot(page, 'my-payment-failed', info.project.name);

    await page.getByRole('button', { name: 'Pay Now' }).click();
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();

    await page.getByRole('button', { name: 'Pay Now' }).click();
    const alert = nextAlert(page);
    await checkout.getByRole('button', { name: /test payment succeeds/ }).click();
    expect(await alert).toMatch(/^Payment successful! Payment ID: pay_/);
    await expect(page.locator('.status-paid')).toHaveText('Paid');
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    // One order throughout: the failed attempt and the payment are the same order, now paid.
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr')).toContainText('Paid');

    // The teacher's list keeps the failed attempt on that row, in words.
    await signInAsTeacher(page);
    await page.getByRole('button', { name: 'Payments', exact: true }).click();
    const row = page.getByRole('region', { name: 'Payments', exact: true }).locator('tr', { hasText: email });
    await expect(row).toContainText('Paid after a failed attempt: The tester chose to fail this test payment.');
    await saveScreenshot(page, 'admin-payments-failed-attempt', info.project.name);
  });
});

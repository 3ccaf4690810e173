import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { adminHeaders, apiStudent, type ApiStudent, signInWithToken } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, open, saveScreenshot, test } from './fixtures.js';

type Admin = { authorization: string };
const tokenOf = (admin: Admin) => admin.authorization.slice('Bearer '.length);

async function setStatus(request: APIRequestContext, admin: Admin, student: ApiStudent, status: 1 | 2) {
  const response =
    status === 1
      ? await request.patch(`/students/${student.id}`, { headers: admin, data: { student_status: 1 } })
      : await request.put(`/students/${student.id}`, { headers: admin, data: { student_status: 2 } });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('undo, testimonials and receipts', () => {
  // The server answers a refused undo with 409 on purpose; the browser logs it.
  test.use({ allowedConsoleErrors: [/the server responded with a status of 409/] });

  test('the teacher reads a student’s status history and undoes a wrong Completed mark', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const student = await apiStudent(request, { tag: 'undo', firstName: 'Uma', lastName: 'Undo' });
    await setStatus(request, admin, student, 1);
    await setStatus(request, admin, student, 2);

    await signInWithToken(page, tokenOf(admin), `/AdminPage?student=${student.id}`);
    await expect(page.getByRole('heading', { name: 'Work of Uma Undo' })).toBeVisible();
    const history = page.getByRole('region', { name: 'Status history' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText('Paid → Completed');

    await history.getByRole('button', { name: 'Undo last change' }).click();
    await history.getByRole('button', { name: 'Undo the change' }).click();
    await expect(history.getByText('Give the reason for the undo, in 3 to 500 characters.')).toBeVisible();
    await history.getByLabel('Why is the last change undone?').fill('Marked completed before the last class');
    await saveScreenshot(page, 'status-undo-form', info.project.name);
    await history.getByRole('button', { name: 'Undo the change' }).click();
    await expect(history.getByRole('status')).toHaveText('The change was undone.');
    await expect(history.getByRole('listitem')).toHaveCount(3);
    const latest = history.getByRole('listitem').first();
    await expect(latest).toContainText('Completed → Paid');
    await expect(latest).toContainText('Marked completed before the last class');
    await expect(history.getByRole('listitem').nth(1)).toContainText('undone');
    await expect(page.locator('.status-paid').first()).toHaveText('Paid');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'status-history', info.project.name);

    // Nothing left to undo (the latest change is an undo): no Undo is offered.
    await expect(history.getByRole('button', { name: 'Undo last change' })).toHaveCount(0);
  });

  test('feedback waits for the teacher, shows on the home page once approved, and leaves when hidden', async ({
    page,
    browser,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const student = await apiStudent(request, { tag: 'testimonial', firstName: 'Tara', lastName: 'Quote' });
    await setStatus(request, admin, student, 1);
    await setStatus(request, admin, student, 2);
    const quote = `<b>Pointers</b> made sense at last ${Date.now()}`;
    const sent = await request.patch(`/students/${student.id}`, {
      headers: student.headers,
      multipart: { feedback: quote },
    });
    expect(sent.ok(), await sent.text()).toBe(true);

    await signInWithToken(page, student.token, '/DashPage/myfeedback');
    await expect(page.getByRole('status')).toContainText('Waiting for the teacher’s approval');
    await saveScreenshot(page, 'my-feedback-waiting', info.project.name);

    const teacher = await (await browser.newContext()).newPage();
    await signInWithToken(teacher, tokenOf(admin), '/AdminPage');
    await teacher.getByRole('button', { name: 'Testimonials' }).click();
    const panel = teacher.getByRole('region', { name: 'Testimonials' });
    const card = panel.getByRole('article', { name: 'Feedback of Tara Quote' }).filter({ hasText: quote });
    // Markup is text: the tags are shown, not applied.
    await expect(card).toContainText(quote);
    await expect(card).toContainText('waiting');
    await expectNoSeriousA11yViolations(teacher);
    await saveScreenshot(teacher, 'testimonials-panel', info.project.name);
    await card.getByRole('button', { name: 'Approve the feedback of Tara Quote' }).click();
    await expect(card).toContainText('on the home page');

    await open(page, '/');
    const figure = page.locator('section#testimonials figure', { hasText: quote });
    await expect(figure).toContainText('Tara Quote');
    await open(page, '/DashPage/myfeedback');
    await expect(page.getByRole('status')).toContainText('Shown on the home page');

    await card.getByRole('button', { name: 'Hide the feedback of Tara Quote' }).click();
    await expect(card.getByRole('button', { name: 'Approve again the feedback of Tara Quote' })).toBeVisible();
    await open(page, '/');
    await expect(page.locator('section#testimonials')).toBeVisible();
    await expect(page.locator('section#testimonials figure', { hasText: quote })).toHaveCount(0);
    await open(page, '/DashPage/myfeedback');
    await expect(page.getByRole('status')).toContainText('Hidden by the teacher');

    // The student edits the feedback while the teacher's list still shows the text read before: approving that is
    // refused, and the list shows the new text to read first.
    const edited = `${quote} (edited: buy my notes)`;
    const edit = await request.patch(`/students/${student.id}`, {
      headers: student.headers,
      multipart: { feedback: edited },
    });
    expect(edit.ok(), await edit.text()).toBe(true);
    await card.getByRole('button', { name: 'Approve again the feedback of Tara Quote' }).click();
    await expect(card.getByRole('alert')).toContainText('since you read it. Read it again before approving.');
    await expect(card).toContainText(edited);
    await expect(card).toContainText('waiting');
    await saveScreenshot(teacher, 'testimonials-changed-since-read', info.project.name);
    await open(page, '/');
    await expect(page.locator('section#testimonials figure', { hasText: quote })).toHaveCount(0);
    await card.getByRole('button', { name: 'Approve the feedback of Tara Quote' }).click();
    await expect(card).toContainText('on the home page');
    await open(page, '/');
    await expect(page.locator('section#testimonials figure', { hasText: edited })).toContainText('Tara Quote');
    await teacher.context().close();
  });

  test('a student downloads their receipt from My Payment and the teacher from Payments', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const student = await apiStudent(request, { tag: 'receipt', firstName: 'Ravi', lastName: 'Receipt' });
    await setStatus(request, admin, student, 1);
    const mine = (await (await request.get('/api/v1/payments', { headers: student.headers })).json()) as {
      payments: { receipt_number: string | null }[];
    };
    const receiptNumber = mine.payments[0]!.receipt_number!;
    expect(receiptNumber).toMatch(/^RCPT-\d{6}$/);

    await signInWithToken(page, student.token, '/DashPage/mypayment');
    // In view at 360 px too (each payment a card there), not beyond a table's cut-off edge: the page is scrolled
    // down only, never the table sideways.
    const receiptButton = page.getByRole('button', { name: `Download receipt ${receiptNumber}` });
    await expect(receiptButton).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(receiptButton).toBeInViewport({ ratio: 1 });
    const download = page.waitForEvent('download');
    await receiptButton.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${receiptNumber}.pdf`);
    expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');
    await saveScreenshot(page, 'my-payment-receipt', info.project.name);

    await signInWithToken(page, tokenOf(admin), '/AdminPage');
    await page.getByRole('button', { name: 'Payments', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Payments' });
    const adminDownload = page.waitForEvent('download');
    await panel.getByRole('button', { name: `Download receipt ${receiptNumber}` }).click();
    expect((await adminDownload).suggestedFilename()).toBe(`${receiptNumber}.pdf`);
    await saveScreenshot(page, 'payments-receipts', info.project.name);
  });
});

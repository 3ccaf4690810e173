import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminHeaders, apiStudent, signInWithToken, placePaidStudent, uniqueNumber } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures.js';
import { ownSiteTest } from './own-site.js';

/**
 * Issue 16, section 3: items 3 (confirmations), 5 (plain messages), 6 (plurals, a second send) and 10 (status lists).
 */

/** 'Your class link for batch N' emails to one address, as the outbox holds them. */
async function linkMails(
  request: APIRequestContext,
  admin: { authorization: string },
  to: string,
  batch: number,
): Promise<number> {
  const mails = (await (await request.get('/api/v1/admin/outbox?limit=200', { headers: admin })).json()) as {
    to_address: string;
    subject: string;
  }[];
  return mails.filter((m) => m.to_address === to && m.subject === `Your class link for batch ${batch}`).length;
}

async function openAdminPanel(
  page: Page,
  admin: { authorization: string },
  button: string,
  region: string,
): Promise<Locator> {
  if (!page.url().endsWith('/AdminPage'))
    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
  const panel = page.getByRole('region', { name: region });
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(panel).toBeVisible();
  return panel;
}

async function closePanel(panel: Locator) {
  await panel.getByRole('button', { name: 'Exit' }).click();
  await expect(panel).toHaveCount(0);
}

test.describe('admin actions', () => {
  test.setTimeout(180_000);
  // Refused requests (a bad video link, a weak password) are answered 400 on purpose; the browser logs each one.
  test.use({ allowedConsoleErrors: [/status of 400/] });
  // A page never uses the browser's own confirm() or alert() here: every question is the site's dialog.
  let browserDialogs: string[] = [];
  test.beforeEach(({ page }) => {
    browserDialogs = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  test.afterEach(() => {
    expect(browserDialogs, 'browser dialogs (window.confirm/alert) opened').toEqual([]);
  });

  ownSiteTest(
    'every destructive action asks first, in the same dialog, and Cancel keeps the thing',
    async ({ page, request }, info) => {
      const admin = await adminHeaders(request);
      const number = uniqueNumber();
      const program = (await (
        await request.post('/programs/', {
          headers: admin,
          data: { program_number: number, task: `A program to delete (${number})` },
        })
      ).json()) as { id: number };
      expect(program.id).toBeGreaterThan(0);
      expect(
        (
          await request.post('/courses/', {
            headers: admin,
            data: { session_number: number, session_date: '2026-11-30', topics: `A session to delete (${number})` },
          })
        ).ok(),
      ).toBe(true);
      const question = `Which operator takes an address? (${number})`;
      expect(
        (
          await request.post('/api/v1/admin/quiz_questions', {
            headers: admin,
            data: { question, options: ['*', '&', '->', '.'], answer_index: 1 },
          })
        ).ok(),
      ).toBe(true);
      const student = await apiStudent(request, { tag: 'deleteme', firstName: 'Dora', lastName: 'Delete' });
      expect(
        (
          await request.put('/api/v1/admin/course_book', {
            headers: admin,
            data: { url: 'https://drive.google.com/file/d/1CourseBookFileId/view' },
          })
        ).ok(),
      ).toBe(true);

      /** Asks for the delete, checks the dialog, cancels it (nothing happens), then confirms. */
      const deleteWithConfirmation = async (
        trigger: Locator,
        title: string,
        confirmLabel: string,
        gone: Locator,
        shot: string,
      ) => {
        await trigger.click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        await expect(dialog).toHaveClass(/app-dialog/);
        await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
        await saveScreenshot(page, shot, info.project.name, { fullPage: false });
        await expectNoSeriousA11yViolations(page, { soft: true, screen: shot });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toHaveCount(0);
        await expect(gone).toBeVisible();
        // Escape cancels too.
        await trigger.click();
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(gone).toBeVisible();
        await trigger.click();
        await dialog.getByRole('button', { name: confirmLabel }).click();
        await expect(dialog).toHaveCount(0);
        await expect(gone).toHaveCount(0);
      };

      const programs = await openAdminPanel(
        page,
        admin,
        'Program Exercises',
        'Program Exercises (Add/Delete Your Program Details)',
      );
      const programItem = programs.getByRole('listitem').filter({ hasText: `A program to delete (${number})` });
      await deleteWithConfirmation(
        programItem.getByRole('button', { name: `Delete program ${number}` }),
        `Delete program ${number}?`,
        `Delete program ${number}`,
        programItem,
        'confirm-delete-program',
      );
      await closePanel(programs);

      const course = await openAdminPanel(
        page,
        admin,
        'Create Course',
        'Create Course (Add/Delete Your Session Details)',
      );
      const sessionRow = course.getByRole('row').filter({ hasText: `A session to delete (${number})` });
      await deleteWithConfirmation(
        sessionRow.getByRole('button', { name: `Delete session ${number}` }),
        `Delete session ${number}?`,
        `Delete session ${number}`,
        sessionRow,
        'confirm-delete-session',
      );
      // Saving an empty course book link removes the book: asked too (and only cancelled here, since other tests
      // running at the same time show the book).
      await expect(course.getByRole('link', { name: 'this Google Drive file' })).toBeVisible();
      await course.getByRole('button', { name: 'Save course book' }).click();
      const removeBook = page.getByRole('dialog', { name: 'Remove the course book?' });
      await expect(removeBook).toHaveClass(/app-dialog/);
      await removeBook.getByRole('button', { name: 'Cancel' }).click();
      await expect(removeBook).toHaveCount(0);
      await expect(course.getByRole('link', { name: 'this Google Drive file' })).toBeVisible();
      await closePanel(course);

      const questions = await openAdminPanel(page, admin, 'Self assessment questions', 'Self assessment questions');
      const item = questions.locator('details', { hasText: question });
      await item.locator('summary').click();
      await deleteWithConfirmation(
        item.getByRole('button', { name: /^Delete question/ }),
        'Delete this question?',
        'Delete question',
        item,
        'confirm-delete-question',
      );
      await closePanel(questions);

      const data = await openAdminPanel(page, admin, 'Data View', 'Student Data');
      await data.getByRole('searchbox').fill(student.email);
      await data.getByRole('button', { name: 'Search' }).click();
      const studentRow = data.getByRole('row').filter({ hasText: student.email });
      // What the teacher acts on is in view without scrolling the table: the status, the batch and the row's actions
      // (kept at the right edge); on a phone a line says the table scrolls sideways.
      await studentRow.scrollIntoViewIfNeeded();
      await data.getByRole('region', { name: 'Students' }).evaluate((region) => (region.scrollLeft = 0));
      await expect(studentRow.getByRole('button', { name: 'Delete Dora Delete' })).toBeInViewport({ ratio: 1 });
      const phone = (page.viewportSize()?.width ?? 1280) < 768;
      if (!phone) {
        await expect(data.getByRole('columnheader', { name: 'Status' })).toBeInViewport({ ratio: 1 });
        await expect(data.getByRole('columnheader', { name: 'Batch' })).toBeInViewport({ ratio: 1 });
      } else {
        await expect(data.getByText('More columns: scroll the table sideways →')).toBeVisible();
      }
      await deleteWithConfirmation(
        studentRow.getByRole('button', { name: 'Delete Dora Delete' }),
        'Delete Dora Delete?',
        'Delete student',
        studentRow,
        'confirm-delete-student',
      );
      await expect(data.getByText('No student matches the search.')).toBeVisible();
    },
  );

  test('counts read "1 email", and a second send of the same link asks first', async ({ page, request }, info) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    const student = await apiStudent(request, { tag: 'linked' });
    await placePaidStudent(request, admin, student, batch, {
      start_date: '2027-01-04',
      meeting_link: `https://meet.example.com/once-${batch}`,
    });

    const panel = await openAdminPanel(page, admin, 'Create Batch', 'Create Batch (Add Students to a Batch)');
    await panel.getByLabel('Batch number').fill(String(batch));
    await panel.getByRole('button', { name: 'Show Present Students' }).click();
    await expect(panel.getByRole('row').filter({ hasText: student.email })).toBeVisible();

    await panel.getByRole('button', { name: 'Send meeting link' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      `1 email queued: meeting link sent to the paid students of batch ${batch}.`,
    );
    expect(await linkMails(request, admin, student.email, batch)).toBe(1);

    // The same link again: the site says when it went and asks; Cancel sends nothing.
    await panel.getByRole('button', { name: 'Send meeting link' }).click();
    const again = page.getByRole('dialog', { name: 'Send the link again?' });
    await expect(again).toBeVisible();
    await expect(again).toContainText(
      /^Send the link again\?The link was already sent to 1 student on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) IST\. Send it again\?/,
    );
    await saveScreenshot(page, 'confirm-send-link-again', info.project.name, { fullPage: false });
    await expectNoSeriousA11yViolations(page, { soft: true, screen: 'confirm-send-link-again' });
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByRole('status')).toHaveText('The link was not sent again.');
    expect(await linkMails(request, admin, student.email, batch)).toBe(1);

    // Confirmed, it goes again.
    await panel.getByRole('button', { name: 'Send meeting link' }).click();
    await again.getByRole('button', { name: 'Send it again' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      `1 email queued: meeting link sent to the paid students of batch ${batch}.`,
    );
    await expect.poll(() => linkMails(request, admin, student.email, batch)).toBe(2);

    // A new link is not a repeat: it goes at once.
    await panel.getByLabel('Video-meeting link').fill(`https://meet.example.com/moved-${batch}`);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('status')).toHaveText(`Batch ${batch} saved.`);
    await panel.getByRole('button', { name: 'Send meeting link' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      `1 email queued: meeting link sent to the paid students of batch ${batch}.`,
    );

    // Announce: the count agrees with its noun, and a repeat asks too.
    await panel.getByRole('button', { name: 'Announce start date' }).click();
    const announced = panel.getByRole('status');
    await expect(announced).toContainText('queued: start date announced');
    const [, count, noun] = /^(\d+) (emails?) queued/.exec((await announced.textContent()) ?? '') ?? [];
    expect(noun).toBe(Number(count) === 1 ? 'email' : 'emails');
    if (Number(count) > 0) {
      await panel.getByRole('button', { name: 'Announce start date' }).click();
      const announceAgain = page.getByRole('dialog', { name: 'Announce the start date again?' });
      await expect(announceAgain).toContainText(/was already announced to \d+ students? on /);
      await announceAgain.getByRole('button', { name: 'Cancel' }).click();
      await expect(panel.getByRole('status')).toHaveText('Not announced again.');
    }
    await closePanel(panel);

    // Send Task to a batch of one: "1 student".
    const number = uniqueNumber();
    expect(
      (
        await request.post('/programs/', {
          headers: admin,
          data: { program_number: number, task: `One student's task (${number})` },
        })
      ).status(),
    ).toBe(201);
    const programs = await openAdminPanel(
      page,
      admin,
      'Program Exercises',
      'Program Exercises (Add/Delete Your Program Details)',
    );
    await programs.getByLabel('Batch number').fill(String(batch));
    await programs
      .getByRole('listitem')
      .filter({ hasText: `One student's task (${number})` })
      .getByRole('button', { name: /^Send Task/ })
      .click();
    await expect(programs.getByRole('status')).toHaveText(`Program ${number} sent to 1 student of batch ${batch}.`);
  });

  test('Update Payment Status and Update Course Completion keep every student, with their status and a button only where it applies', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const student = await apiStudent(request, { tag: 'status', firstName: 'Meera', lastName: 'Iyer' });

    const payment = await openAdminPanel(page, admin, 'Update Payment Status', 'Update Payment Status');
    await payment.getByRole('searchbox').fill(student.email);
    await payment.getByRole('button', { name: 'Search' }).click();
    const row = payment.getByRole('row').filter({ hasText: student.email });
    await expect(row).toContainText('Unpaid');
    await row.getByRole('button', { name: 'Update Meera Iyer to paid', exact: true }).click();
    // It asks first: how much was received, and how.
    const record = page.getByRole('dialog', { name: 'Record a payment from Meera Iyer?' });
    await expect(record.getByLabel('Amount received (Rs.)')).toHaveValue(/^\d+$/);
    // An emptied amount is refused (the server's words in the dialog), never recorded as Rs.0.
    await record.getByLabel('Amount received (Rs.)').fill('');
    await record.getByRole('button', { name: 'Record the payment' }).click();
    await expect(record.getByRole('alert')).toHaveText('The amount must be a number of rupees');
    await expect(row).toContainText('Unpaid');
    await record.getByLabel('Amount received (Rs.)').fill('1800');
    await record.getByLabel('Received by').selectOption({ label: 'Bank transfer' });
    await saveScreenshot(page, 'update-payment-dialog', info.project.name, { fullPage: false });
    await record.getByRole('button', { name: 'Record the payment' }).click();
    await expect(record).toBeHidden();
    await expect(row.locator('.status-paid')).toHaveText('Paid');
    // What was recorded, and the receipt the student was sent, said where the focus now is.
    const recordedLine = payment.getByRole('status');
    await expect(recordedLine).toHaveText(
      new RegExp(
        `^Payment recorded: Rs\\.1,800 from Meera Iyer by Bank transfer\\. Receipt RCPT-\\d{6} was emailed to ${student.email.replaceAll('.', '\\.')}\\.$`,
      ),
    );
    await expect(recordedLine).toBeFocused();
    const recorded = (await (await request.get('/api/v1/admin/payments', { headers: admin })).json()) as {
      student_email: string;
      amount: number;
    }[];
    expect(recorded.find((p) => p.student_email === student.email)?.amount).toBe(180000);
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(row).toContainText('Nothing to update');
    await expect(payment.getByText('Page 1 of 1 · 1 student', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'update-payment-status', info.project.name);
    await closePanel(payment);

    const completion = await openAdminPanel(page, admin, 'Update Course Completion', 'Update Course Completion');
    await completion.getByRole('searchbox').fill(student.email);
    await completion.getByRole('button', { name: 'Search' }).click();
    const done = completion.getByRole('row').filter({ hasText: student.email });
    await expect(done.locator('.status-paid')).toHaveText('Paid');
    await done.getByRole('button', { name: 'Update Meera Iyer to completed', exact: true }).click();
    // It asks first: a completion issues and mails a certificate. Cancel changes nothing.
    const complete = page.getByRole('dialog', { name: 'Mark Meera Iyer as completed?' });
    await complete.getByRole('button', { name: 'Cancel' }).click();
    await expect(done.locator('.status-paid')).toHaveText('Paid');
    await done.getByRole('button', { name: 'Update Meera Iyer to completed', exact: true }).click();
    // In no batch, the certificate will name none: the dialog says so.
    await expect(complete).toContainText('Meera Iyer is in no batch: the certificate will name no batch or dates.');
    await complete.getByRole('button', { name: 'Mark as completed' }).click();
    // Still listed, now completed: the teacher sees who finished.
    await expect(done.locator('.status-completed')).toHaveText('Completed');
    // The certificate's code is said, with where anyone can check it.
    const certificate = (await (
      await request.get(`/api/v1/admin/students/${student.id}/certificates`, { headers: admin })
    ).json()) as { code: string }[];
    const code = certificate[0]!.code;
    await expect(completion.getByRole('status')).toHaveText(
      `Meera Iyer is marked completed. Certificate ${code} was issued and emailed to ${student.email}; anyone can check it at /certificates/${code}.`,
    );
    await expect(completion.getByRole('status').getByRole('link')).toHaveAttribute('href', `/certificates/${code}`);
    await expect(done.getByRole('button')).toHaveCount(0);
    await saveScreenshot(page, 'update-course-completion', info.project.name);
    // Buttons are named by their own words (a visible "Done" used to be named "Update Asha Nair").
    await expect(completion.locator('button[aria-label]')).toHaveCount(0);
    await expect(completion.getByRole('button', { name: 'Done' })).toHaveCount(0);
    await closePanel(completion);

    const paymentAgain = await openAdminPanel(page, admin, 'Update Payment Status', 'Update Payment Status');
    await paymentAgain.getByRole('searchbox').fill(student.email);
    await paymentAgain.getByRole('button', { name: 'Search' }).click();
    await expect(
      paymentAgain.getByRole('row').filter({ hasText: student.email }).locator('.status-completed'),
    ).toHaveText('Completed');
  });

  test('error messages are plain sentences, without internal field names', async ({ page, request }) => {
    const admin = await adminHeaders(request);
    const course = await openAdminPanel(
      page,
      admin,
      'Create Course',
      'Create Course (Add/Delete Your Session Details)',
    );
    await course.getByLabel('Session number').fill(String(uniqueNumber()));
    await course.getByLabel('Planned date').fill('2027-02-01');
    await course.getByLabel('Lesson video (YouTube link or id)').fill('https://vimeo.com/12345');
    await course.getByLabel('Topics').fill('Bitwise operators');
    await course.getByRole('button', { name: 'Add' }).click();
    await expect(course.getByRole('alert')).toHaveText('Lesson video must be a YouTube link or video id');
    await expect(page.getByText(/lesson_video|session_number|Invalid input/)).toHaveCount(0);

    const student = await apiStudent(request, { tag: 'plainwords' });
    await signInWithToken(page, student.token, '/DashPage/changePassword');
    await page.getByLabel('Current Password').fill('Kernighan#1978');
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Password needs: /);
    await expect(page.getByText(/current_password|password:/)).toHaveCount(0);
  });
});
